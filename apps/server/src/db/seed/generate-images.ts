/**
 * Draws the demo shop's images as small SVG files under
 * apps/server/assets/upload/img (served at /upload/img). Deterministic; run
 * `npx tsx apps/server/src/db/seed/generate-images.ts` after changing the seed.
 *
 * The images hold no words: every title, label and name is HTML next to or
 * over the image (crawlable, sharp at any size, translatable, never cut by a
 * crop). A word drawn into a picture shows twice or gets clipped (ADR 0028).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { articleImg } from './article-builder.ts';
import { BANNER_SEEDS, PARTNER_SEEDS } from './banners.ts';
import { DEVICE_SEEDS } from './devices.ts';
import { micrograph, MICROGRAPH_KINDS } from './micrograph.ts';
import { CERTIFICATE_SEEDS, certificateImg } from './pages-certificates.ts';
import { createElement } from 'react';
import sharp from 'sharp';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';
import { DEMO_MANAGER_QRS } from './staff.ts';
import { PREFECTURE_SEEDS } from './prefectures.ts';
import { ARTICLE_SEEDS } from './seed.ts';
import { PALETTES, gradient, motif, seeded } from './svg-motifs.ts';
import { CHILD_INFO, TYPE_SEEDS, type Motif } from './types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');
const write = (publicPath: string, image: string | Buffer) => {
  const file = path.join(root, publicPath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof image === 'string' ? image.replace(/\n\s*/g, '') : image);
};
const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

// Item thumbnails: the motif of the category, centred (cards crop them to 16:10 and 3:2).
for (const d of DEVICE_SEEDS) {
  const kind = CHILD_INFO.get(d.child)!.motif;
  write(
    `/upload/img/device/${d.slug}.svg`,
    svg(
      400,
      300,
      `${gradient('g', PALETTES[kind])}<rect width="400" height="300" fill="url(#g)"/>
    <g opacity="0.85">${motif(kind, 70, 60, 260, 180, seeded(d.rid))}</g>`,
    ),
  );
}

const BANNER_MOTIFS: Motif[] = ['lattice', 'microscope', 'spectrum', 'compute', 'pores'];
BANNER_SEEDS.forEach((b, i) => {
  const kind = BANNER_MOTIFS[i % BANNER_MOTIFS.length]!;
  const rand = seeded(b.title);
  const bubbles = Array.from(
    { length: 7 },
    () =>
      `<circle cx="${Math.round(rand() * 1920)}" cy="${Math.round(rand() * 520)}" r="${Math.round(40 + rand() * 160)}" fill="#fff" fill-opacity="0.05"/>`,
  ).join('');
  write(
    b.img,
    svg(
      1920,
      520,
      `${gradient('g', PALETTES[kind])}<rect width="1920" height="520" fill="url(#g)"/>${bubbles}
    <g opacity="0.85">${motif(kind, 1100, 70, 640, 380, rand)}</g>`,
    ),
  );
});

const TYPE_MOTIFS: Motif[] = ['microscope', 'lattice', 'chart'];
TYPE_SEEDS.forEach((t, i) => {
  const kind = TYPE_MOTIFS[i]!;
  write(
    `/upload/img/type/${t.slug}.svg`,
    svg(
      120,
      120,
      `${gradient('g', PALETTES[kind])}<rect width="120" height="120" rx="28" fill="url(#g)"/>${motif(kind, 22, 22, 76, 76, seeded(t.name))}`,
    ),
  );
});

// Hot areas show as small squares: the motif fills the middle so any crop keeps it.
PREFECTURE_SEEDS.forEach((p, i) => {
  const kind = (['electro', 'lattice', 'chroma', 'elements', 'thermal'] as Motif[])[i % 5]!;
  write(
    `/upload/img/prefecture/${p.slug}.svg`,
    svg(
      240,
      240,
      `${gradient('g', PALETTES[kind])}<rect width="240" height="240" fill="url(#g)"/>
    <g opacity="0.8">${motif(kind, 40, 50, 160, 140, seeded(p.name))}</g>`,
    ),
  );
});

const ARTICLE_MOTIF = { news: 'lattice', course: 'chart', thanks: 'spectrum' } as const;
for (const [i, a] of ARTICLE_SEEDS.entries()) {
  const img = articleImg(a);
  if (!img) continue;
  const rand = seeded(a.rid);
  if (a.type === 'service') {
    // The case's result image (ADR 0031), what its title shows (issue 21): a micrograph for microscopy, else its data's motif.
    const picture = a.picture ?? MICROGRAPH_KINDS[i % MICROGRAPH_KINDS.length]!;
    if ((MICROGRAPH_KINDS as readonly string[]).includes(picture)) {
      write(img, await micrograph(picture as (typeof MICROGRAPH_KINDS)[number], rand));
      continue;
    }
    const drawn = svg(
      800,
      450,
      `${gradient('g', PALETTES[picture as Motif])}<rect width="800" height="450" fill="url(#g)"/>
    <g opacity="0.85">${motif(picture as Motif, 120, 70, 560, 310, rand)}</g>`,
    );
    write(
      img,
      await sharp(Buffer.from(drawn.replace(/\n\s*/g, '')))
        .jpeg({ quality: 82 })
        .toBuffer(),
    );
    continue;
  }
  const kind = ARTICLE_MOTIF[a.type];
  write(
    img,
    svg(
      400,
      250,
      `${gradient('g', PALETTES[kind])}<rect width="400" height="250" fill="url(#g)"/>
    <g opacity="0.8">${motif(kind, 70, 40, 260, 170, rand)}</g>`,
    ),
  );
}

// Partner emblems: a coloured seal with a shape for the kind of institution; the name is HTML beside it.
const EMBLEMS = {
  // Research institute: an atom.
  institute: `<ellipse cx="48" cy="48" rx="26" ry="10" fill="none" stroke="#fff" stroke-width="3"/>
    <ellipse cx="48" cy="48" rx="26" ry="10" fill="none" stroke="#fff" stroke-width="3" transform="rotate(60 48 48)"/>
    <ellipse cx="48" cy="48" rx="26" ry="10" fill="none" stroke="#fff" stroke-width="3" transform="rotate(120 48 48)"/>
    <circle cx="48" cy="48" r="5" fill="#fff"/>`,
  // Laboratory or centre: a flask.
  lab: `<path d="M40 24h16M43 24v16L30 66a4 4 0 0 0 4 6h28a4 4 0 0 0 4-6L53 40V24" fill="none" stroke="#fff" stroke-width="3.5" stroke-linejoin="round"/>
    <path d="M36 58h24l4 8H32z" fill="#fff" fill-opacity="0.7"/>`,
  // Company: a rising bar chart.
  company: `<rect x="28" y="52" width="10" height="18" rx="2" fill="#fff"/><rect x="43" y="40" width="10" height="30" rx="2" fill="#fff"/>
    <rect x="58" y="28" width="10" height="42" rx="2" fill="#fff"/>`,
  // University: an open book.
  university: `<path d="M48 34c-8-6-16-7-22-6v36c6-1 14 0 22 6 8-6 16-7 22-6V28c-6-1-14 0-22 6z" fill="none" stroke="#fff" stroke-width="3.5" stroke-linejoin="round"/>
    <path d="M48 34v36" stroke="#fff" stroke-width="3"/>`,
} as const;
for (const p of PARTNER_SEEDS) {
  const rand = seeded(p.name);
  const hue = Math.floor(200 + rand() * 30);
  const kind = /研究[所院]/.test(p.name)
    ? 'institute'
    : /实验室|中心/.test(p.name)
      ? 'lab'
      : /企业/.test(p.name)
        ? 'company'
        : 'university';
  write(
    p.img,
    svg(
      96,
      96,
      `<circle cx="48" cy="48" r="46" fill="hsl(${hue},70%,35%)"/><circle cx="48" cy="48" r="40" fill="none" stroke="#fff" stroke-opacity="0.45"/>
    ${EMBLEMS[kind]}`,
    ),
  );
}

// The promotion's picture; its headline and call to action are HTML in the popup.
{
  const rand = seeded('popup');
  const flakes = Array.from(
    { length: 12 },
    () =>
      `<circle cx="${Math.round(rand() * 520)}" cy="${Math.round(rand() * 300)}" r="${Math.round(3 + rand() * 6)}" fill="#fff" fill-opacity="0.5"/>`,
  ).join('');
  write(
    '/upload/img/popup/winter.svg',
    svg(
      520,
      300,
      `${gradient('g', ['#0b3d91', '#29b6f6'])}<rect width="520" height="300" fill="url(#g)"/>${flakes}
    <g opacity="0.75">${motif('lattice', 70, 40, 380, 220, rand)}</g>`,
    ),
  );
}
// Certificates: a framed sheet with a seal; grey bars stand for the printed lines (the facts are in the page's table).
CERTIFICATE_SEEDS.forEach((c, i) => {
  const rand = seeded(c.slug);
  const hue = [8, 210, 150, 35][i % 4]!;
  const lines = Array.from({ length: 6 }, (_, k) => {
    const w = Math.round(300 + rand() * 160);
    return `<rect x="${(640 - w) / 2}" y="${170 + k * 30}" width="${w}" height="10" rx="5" fill="#c9bfa8"/>`;
  }).join('');
  write(
    certificateImg(c),
    svg(
      640,
      452,
      `<rect width="640" height="452" fill="#fbf7ee"/>
    <rect x="16" y="16" width="608" height="420" fill="none" stroke="hsl(${hue},55%,38%)" stroke-width="6"/>
    <rect x="30" y="30" width="580" height="392" fill="none" stroke="hsl(${hue},55%,38%)" stroke-opacity="0.5" stroke-width="2"/>
    <rect x="220" y="70" width="200" height="22" rx="11" fill="hsl(${hue},55%,38%)" fill-opacity="0.85"/>
    <rect x="260" y="112" width="120" height="12" rx="6" fill="#b3a78c"/>${lines}
    <circle cx="500" cy="360" r="46" fill="none" stroke="#c62828" stroke-width="5" stroke-opacity="0.85"/>
    <path d="M500 328l9 20 22 2-17 14 5 22-19-12-19 12 5-22-17-14 22-2z" fill="#c62828" fill-opacity="0.85"/>`,
    ),
  );
});

// Demo account managers' WeChat QR codes (ADR 0035): a real, scannable code of a demo address, drawn by the
// storefront's own QR library (qrcode.react, rendered to static SVG) so no second QR encoder enters the project.
for (const m of DEMO_MANAGER_QRS) {
  const markup = renderToStaticMarkup(createElement(QRCodeSVG, { value: m.value, size: 240, marginSize: 2, level: 'M' }));
  write(m.img, markup.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" '));
}

console.log(`images written under ${root}/upload/img`);
