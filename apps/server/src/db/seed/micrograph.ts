/**
 * Demo pictures that are photographs by nature: the result images of the
 * service cases (an SEM view of particles, a HAADF-STEM view of atoms on a
 * support, an HRTEM view of lattice fringes). Drawn as a scene, rendered to
 * pixels and given a detector's grain, then saved as JPEG — the raster kind an
 * operator uploads, which the /media pipeline sizes (ADR 0031). No words.
 */
import { loadSharp } from '../../lib/sharp.ts';

export type MicrographKind = 'sem' | 'stem' | 'hrtem';
export const MICROGRAPH_KINDS: readonly MicrographKind[] = ['sem', 'stem', 'hrtem'];

const W = 1600;
const H = 900;

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** SEM: rounded particles lit from their edges (the edge effect), on a darker substrate, with soft shadows. */
function sem(rand: () => number): string {
  const particles: string[] = [];
  for (let i = 0; i < 170; i++) {
    const r = 10 + rand() ** 2.2 * 70;
    const x = rand() * W;
    const y = rand() * H;
    const rx = r * (0.85 + rand() * 0.3);
    particles.push(
      `<ellipse cx="${r1(x + r * 0.18)}" cy="${r1(y + r * 0.22)}" rx="${r1(rx)}" ry="${r1(r)}" fill="#000" fill-opacity="0.35" filter="url(#soft)"/>`,
      `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(rx)}" ry="${r1(r)}" fill="url(#p${i % 3})" transform="rotate(${Math.round(rand() * 180)} ${r1(x)} ${r1(y)})"/>`,
    );
  }
  const grad = (id: number, mid: string) =>
    `<radialGradient id="p${id}" cx="42%" cy="40%" r="62%"><stop offset="0" stop-color="${mid}"/><stop offset="0.72" stop-color="#6d6d6d"/><stop offset="0.9" stop-color="#c9c9c9"/><stop offset="1" stop-color="#ededed"/></radialGradient>`;
  return svg(
    `<defs>${grad(0, '#8c8c8c')}${grad(1, '#9a9a9a')}${grad(2, '#7e7e7e')}
    <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b3b3b"/><stop offset="1" stop-color="#262626"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>${particles.join('')}`,
  );
}

/** HAADF-STEM: columns of a support lattice as soft dots, and a few brighter single atoms between them. */
function stem(rand: () => number): string {
  const dots: string[] = [];
  const pitch = 38;
  const angle = rand() * 30 - 15;
  for (let gy = -10; gy < H / pitch + 10; gy++) {
    for (let gx = -10; gx < W / pitch + 10; gx++) {
      const x = gx * pitch + (gy % 2) * (pitch / 2);
      const y = gy * pitch * 0.87;
      dots.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="11" fill="url(#col)" opacity="${r1(0.55 + rand() * 0.35)}"/>`);
    }
  }
  const atoms = Array.from({ length: 26 }, () => `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * H)}" r="10" fill="url(#atom)"/>`);
  return svg(
    `<defs><radialGradient id="col"><stop offset="0" stop-color="#bdbdbd"/><stop offset="1" stop-color="#bdbdbd" stop-opacity="0"/></radialGradient>
    <radialGradient id="atom"><stop offset="0" stop-color="#fff"/><stop offset="0.5" stop-color="#f2f2f2"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="#0d0d0d"/>
    <g transform="rotate(${r1(angle)} ${W / 2} ${H / 2})">${dots.join('')}</g>${atoms.join('')}`,
  );
}

/** HRTEM: lattice fringes in three grains of different orientation, blurred as the objective lens does. */
function hrtem(rand: () => number): string {
  const meet = { x: W * (0.35 + rand() * 0.3), y: H * (0.35 + rand() * 0.3) };
  const grains = [0, 1, 2].map((i) => {
    const period = 14 + rand() * 10;
    const angle = Math.round(rand() * 180);
    const lines = Array.from(
      { length: Math.ceil(3000 / period) },
      (_, k) => `<rect x="-1500" y="${r1(-1500 + k * period)}" width="3000" height="${r1(period * 0.45)}" fill="#3c3c3c"/>`,
    ).join('');
    return `<clipPath id="c${i}"><path d="${grainPath(i, meet)}"/></clipPath>
      <g clip-path="url(#c${i})"><g transform="translate(${W / 2} ${H / 2}) rotate(${angle})">${lines}</g></g>`;
  });
  return svg(
    `<defs><filter id="lens"><feGaussianBlur stdDeviation="3.2"/></filter></defs>
    <rect width="${W}" height="${H}" fill="#8e8e8e"/><g filter="url(#lens)">${grains.join('')}</g>`,
  );
}

/** Grain i of three that meet at one point. */
function grainPath(i: number, { x: cx, y: cy }: { x: number; y: number }): string {
  const corners = [
    [`0,0`, `${W},0`, `${W},${r1(H * 0.3)}`],
    [`${W},${r1(H * 0.3)}`, `${W},${H}`, `${r1(W * 0.4)},${H}`],
    [`${r1(W * 0.4)},${H}`, `0,${H}`, `0,0`],
  ][i]!;
  return `M${r1(cx)},${r1(cy)} L${corners.join(' L')} Z`;
}

const SCENES: Record<MicrographKind, (rand: () => number) => string> = { sem, stem, hrtem };

/** The JPEG of one micrograph, deterministic for the same kind and random source. */
export async function micrograph(kind: MicrographKind, rand: () => number): Promise<Buffer> {
  const sharp = await loadSharp();
  const scene = await sharp(Buffer.from(SCENES[kind](rand)))
    .png()
    .toBuffer();
  // A detector's grain: fixed per picture (sharp's noise is seeded from libvips' own generator, so draw it here).
  const grain = Buffer.alloc(W * H);
  for (let i = 0; i < grain.length; i++) grain[i] = Math.max(0, Math.min(255, (128 + (rand() + rand() + rand() - 1.5) * 40) | 0));
  const noise = await sharp(grain, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, blend: 'soft-light' }])
    .grayscale()
    .blur(0.6)
    .jpeg({ quality: 80, mozjpeg: true, progressive: true })
    .toBuffer();
}
