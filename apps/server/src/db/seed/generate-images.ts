/**
 * Draws the demo shop's images as small SVG files under
 * apps/server/assets/upload/img (served at /upload/img). Deterministic; run
 * `npx tsx apps/server/src/db/seed/generate-images.ts` after changing the seed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { articleImg } from './article-builder.ts';
import { BANNER_SEEDS, PARTNER_SEEDS } from './banners.ts';
import { DEVICE_SEEDS } from './devices.ts';
import { PREFECTURE_SEEDS } from './prefectures.ts';
import { ARTICLE_SEEDS } from './seed.ts';
import { FONT, PALETTES, esc, gradient, motif, seeded } from './svg-motifs.ts';
import { CHILD_INFO, TYPE_SEEDS, type Motif } from './types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');
const write = (publicPath: string, svg: string) => {
  const file = path.join(root, publicPath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, svg.replace(/\n\s*/g, ''));
};
const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

// Item thumbnails: motif of the category, abbreviation large.
for (const d of DEVICE_SEEDS) {
  const kind = CHILD_INFO.get(d.child)!.motif;
  const size = d.badge.length <= 4 ? 84 : d.badge.length <= 6 ? 64 : 46;
  write(
    `/upload/img/device/${d.slug}.svg`,
    svg(
      400,
      300,
      `${gradient('g', PALETTES[kind])}<rect width="400" height="300" fill="url(#g)"/>
    <g opacity="0.8">${motif(kind, 190, 40, 190, 150, seeded(d.rid))}</g>
    <text x="32" y="228" fill="#fff" font-size="${size}" font-weight="700" font-family="Inter,Arial,sans-serif">${esc(d.badge)}</text>
    <rect x="32" y="248" width="56" height="5" rx="2" fill="#90caf9"/>`,
    ),
  );
}

const BANNER_MOTIFS: Motif[] = ['lattice', 'microscope', 'spectrum', 'compute', 'pores'];
const BANNER_WORDS = ['冬季科研季', '球差电镜机时', 'X射线衍射', '模拟计算', '免费上门取样'];
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
    <g opacity="0.85">${motif(kind, 1100, 70, 640, 380, rand)}</g>
    <text x="360" y="250" fill="#fff" font-size="72" font-weight="700" ${FONT}>${BANNER_WORDS[i]}</text>
    <rect x="360" y="290" width="120" height="8" rx="4" fill="#90caf9"/>`,
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

PREFECTURE_SEEDS.forEach((p, i) => {
  const kind = (['electro', 'lattice', 'chroma', 'elements', 'thermal'] as Motif[])[i % 5]!;
  write(
    `/upload/img/prefecture/${p.slug}.svg`,
    svg(
      400,
      240,
      `${gradient('g', PALETTES[kind])}<rect width="400" height="240" fill="url(#g)"/>
    <g opacity="0.7">${motif(kind, 200, 30, 180, 130, seeded(p.name))}</g>
    <text x="28" y="200" fill="#fff" font-size="34" font-weight="700" ${FONT}>${esc(p.name)}</text>`,
    ),
  );
});

const LABEL = { news: '新闻动态', course: '培训课程', service: '能力展示', thanks: '客户致谢' } as const;
const ARTICLE_MOTIF = { news: 'lattice', course: 'chart', service: 'microscope', thanks: 'spectrum' } as const;
for (const a of ARTICLE_SEEDS) {
  const img = articleImg(a);
  if (!img) continue;
  const rand = seeded(a.rid);
  const kinds = Object.keys(PALETTES) as Motif[];
  const kind = a.type === 'service' ? kinds[Math.floor(rand() * kinds.length)]! : ARTICLE_MOTIF[a.type];
  write(
    img,
    svg(
      400,
      250,
      `${gradient('g', PALETTES[kind])}<rect width="400" height="250" fill="url(#g)"/>
    <g opacity="0.75">${motif(kind, 150, 30, 230, 170, rand)}</g>
    <rect x="24" y="196" width="${LABEL[a.type].length * 22 + 24}" height="34" rx="17" fill="#fff" fill-opacity="0.18"/>
    <text x="36" y="219" fill="#fff" font-size="20" ${FONT}>${LABEL[a.type]}</text>`,
    ),
  );
}

for (const p of PARTNER_SEEDS) {
  const rand = seeded(p.name);
  const hue = Math.floor(200 + rand() * 30);
  const mark = /研究[所院]/.test(p.name) ? '研' : /实验室|中心/.test(p.name) ? '实' : /企业/.test(p.name) ? '企' : '学';
  const size = p.name.length > 10 ? 14 : 16;
  write(
    p.img,
    svg(
      240,
      96,
      `<rect width="240" height="96" rx="8" fill="#fff"/>
    <circle cx="44" cy="48" r="28" fill="hsl(${hue},70%,35%)"/><circle cx="44" cy="48" r="22" fill="none" stroke="#fff" stroke-opacity="0.6"/>
    <text x="44" y="56" text-anchor="middle" fill="#fff" font-size="22" font-weight="700" ${FONT}>${esc(mark)}</text>
    <text x="82" y="54" fill="#1f2d3d" font-size="${size}" ${FONT}>${esc(p.name)}</text>`,
    ),
  );
}

{
  const rand = seeded('popup');
  const flakes = Array.from(
    { length: 10 },
    () =>
      `<circle cx="${Math.round(rand() * 520)}" cy="${Math.round(rand() * 640)}" r="${Math.round(3 + rand() * 6)}" fill="#fff" fill-opacity="0.5"/>`,
  ).join('');
  write(
    '/upload/img/popup/winter.svg',
    svg(
      520,
      640,
      `${gradient('g', ['#0b3d91', '#29b6f6'])}<rect width="520" height="640" rx="24" fill="url(#g)"/>${flakes}
    <g opacity="0.6">${motif('lattice', 60, 60, 400, 220, rand)}</g>
    <text x="260" y="370" text-anchor="middle" fill="#fff" font-size="56" font-weight="700" ${FONT}>冬季科研季</text>
    <text x="260" y="440" text-anchor="middle" fill="#ffe082" font-size="40" font-weight="700" ${FONT}>满1000减100</text>
    <text x="260" y="500" text-anchor="middle" fill="#e3f2fd" font-size="24" ${FONT}>院校用户先测试后付费</text>
    <rect x="150" y="540" width="220" height="56" rx="28" fill="#ffe082"/>
    <text x="260" y="577" text-anchor="middle" fill="#0b3d91" font-size="24" font-weight="700" ${FONT}>立即查看</text>`,
    ),
  );
}
console.log(`images written under ${root}/upload/img`);
