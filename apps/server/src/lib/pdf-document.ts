// A PDF document with Chinese text (ADR 0045, 0052): Noto Sans SC in two
// weights, embedded as a subset (pdfkit subsets every embedded font, so only
// the glyphs used), from an npm package so a fresh clone after `npm install`
// has the font (SIL Open Font License 1.1). The contract and the invoice use it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
/** The two weights, read once per process (about 10 MB each). */
const fontBytes = () =>
  (fonts ??= Promise.all([readFile(require.resolve(FONT_FILES.regular)), readFile(require.resolve(FONT_FILES.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
  ));

/**
 * A new document with the fonts 'regular' and 'bold' registered, and the
 * promise of its bytes once the caller ends it (doc.end()).
 */
export async function chineseDocument(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const bytes = await fontBytes();
  const doc = new PDFDocument({ lang: 'zh-CN', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', bytes.regular);
  doc.registerFont('bold', bytes.bold);
  return { doc, done };
}

/** ¥1,234.50 */
