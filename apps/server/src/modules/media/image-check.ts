/**
 * What a file is, read from its first bytes (magic numbers), never from its
 * name or the browser's claimed type: a .exe renamed .png is still an .exe.
 * ADR 0037.
 */
export type RasterKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

export function sniffImage(b: Buffer): RasterKind | undefined {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: [size]["ftyp"][major brand]; AVIF is avif (still) or avis (sequence).
  if (ascii(b, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(b, 8, 12))) return 'avif';
  return undefined;
}

/** SVG or other XML/HTML text: refused with its own message (it can carry script; ADR 0037). */
export function looksLikeMarkup(b: Buffer): boolean {
  const head = b
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') || head.includes('<svg');
}
