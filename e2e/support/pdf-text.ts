// The text of the PDFs the shop makes (the contract, the invoice), as a reader's copy-and-paste would give it: read
// by the persona journeys here and by the server's order-figures property test (issue 21). Node's zlib only.
import { inflateSync } from 'node:zlib';

// The shop's PDFs are written by pdfkit (apps/server/src/lib/pdf-document.ts): FlateDecode streams, fonts embedded
// as Identity-H subsets with a ToUnicode CMap of bfrange arrays, and text drawn as [<hex> kern <hex>] TJ inside
// BT … ET, one block per line or table cell. This reads exactly that, as a reader's copy-and-paste would.

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

/** The document's objects by number, with their streams inflated. */
function pdfObjects(bytes: Buffer): Map<number, PdfObject> {
  const text = bytes.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\s*/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const dict = body.slice(0, at);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
    let from = start + at + 'stream'.length;
    if (text[from] === '\r') from++;
    if (text[from] === '\n') from++;
    let raw = bytes.subarray(from, length >= 0 ? from + length : start + body.lastIndexOf('endstream'));
    if (/\/FlateDecode/.test(dict)) raw = inflateSync(raw);
    objects.set(Number(m[1]), { dict, stream: raw });
    head.lastIndex = end;
  }
  return objects;
}

/** A font's ToUnicode map: glyph code (4 hex digits) → text. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexText = (h: string) => String.fromCharCode(...(h.match(/[0-9a-fA-F]{4}/g) ?? []).map((u) => parseInt(u, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const from = parseInt(r[1]!, 16);
      const to = parseInt(r[2]!, 16);
      const target = r[3]!;
      if (target.startsWith('[')) {
        const each = [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => hexText(x[1]!.replace(/\s/g, '')));
        for (let c = from; c <= to; c++) map.set(c.toString(16).padStart(4, '0'), each[c - from] ?? '');
      } else {
        const base = parseInt(target.slice(1, -1).replace(/\s/g, ''), 16);
        for (let c = from; c <= to; c++) map.set(c.toString(16).padStart(4, '0'), String.fromCharCode(base + c - from));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) {
      map.set(r[1]!.toLowerCase().padStart(4, '0'), hexText(r[2]!.replace(/\s/g, '')));
    }
  }
  return map;
}

/**
 * The text of a PDF the shop made, one line per text block (a line of a paragraph, a table cell), pages in order.
 * Fails on a font without a ToUnicode map: its text could not be copied by a reader either.
 */
export function pdfText(bytes: Buffer): string {
  const objects = pdfObjects(bytes);
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1] ?? NaN);
  const maps = new Map<number, Map<string, string>>();
  const mapOf = (fontRef: number) => {
    let m = maps.get(fontRef);
    if (!m) {
      const font = objects.get(fontRef);
      const cmap = font ? objects.get(ref(font.dict, 'ToUnicode'))?.stream : undefined;
      if (!cmap) throw new Error(`PDF font ${fontRef} has no ToUnicode map`);
      m = toUnicode(cmap.toString('latin1'));
      maps.set(fontRef, m);
    }
    return m;
  };
  // Pages in the order of the page tree's Kids.
  const root = [...objects.values()].find((o) => /\/Type \/Catalog/.test(o.dict));
  const pageRefs: number[] = [];
  const walk = (n: number) => {
    const node = objects.get(n);
    if (!node) return;
    if (/\/Type \/Page\b/.test(node.dict) && !/\/Type \/Pages/.test(node.dict)) pageRefs.push(n);
    const kids = /\/Kids \[([^\]]*)\]/.exec(node.dict)?.[1] ?? '';
    for (const k of kids.matchAll(/(\d+) 0 R/g)) walk(Number(k[1]));
  };
  if (root) walk(ref(root.dict, 'Pages'));
  const lines: string[] = [];
  for (const p of pageRefs) {
    const page = objects.get(p)!;
    const resources = /\/Resources (\d+) 0 R/.exec(page.dict) ? objects.get(ref(page.dict, 'Resources'))!.dict : page.dict;
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '';
    const fonts = new Map([...fontDict.matchAll(/\/(\S+) (\d+) 0 R/g)].map((f) => [f[1]!, Number(f[2])]));
    const contents = /\/Contents \[([^\]]*)\]/.exec(page.dict)?.[1] ?? /\/Contents (\d+ 0 R)/.exec(page.dict)?.[1] ?? '';
    for (const c of contents.matchAll(/(\d+) 0 R/g)) {
      const ops = objects.get(Number(c[1]))?.stream?.toString('latin1') ?? '';
      for (const block of ops.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
        let map: Map<string, string> | undefined;
        let line = '';
        for (const op of block[1]!.matchAll(/\/(\S+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
          if (op[1] !== undefined) {
            const f = fonts.get(op[1]);
            map = f === undefined ? undefined : mapOf(f);
            continue;
          }
          const hex = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!).join('') : op[3]!;
          for (const code of hex.match(/[0-9a-fA-F]{4}/g) ?? []) line += map?.get(code.toLowerCase()) ?? '';
        }
        if (line.trim()) lines.push(line);
      }
    }
  }
  return lines.join('\n');
}
