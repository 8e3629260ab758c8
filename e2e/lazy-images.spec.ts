import { beforeAll, describe, expect, it } from 'vitest';
import type { HomeData } from '@yance/contracts/home';
import { IMAGE_WIDTHS } from '@yance/contracts/media';
import { getHome } from './support/api.ts';
import { DESKTOP, MOBILE, useBrowser } from './support/browser.ts';
import { dismissPromoPopup } from './support/page-checks.ts';

/**
 * When a lazy picture is fetched is the browser's own decision (how far below the fold it starts): asked of the whole
 * Chromium a visitor runs, not of the headless shell the other specs use, which fetches them sooner (ADR 0086).
 */
const b = useBrowser(undefined, 'lazy-images', { browser: 'full' });
let home: HomeData;

beforeAll(async () => {
  home = await getHome(b.baseUrl);
});

const region = (name: string) => b.page.getByRole('region', { name, exact: true });

describe('home page pictures', () => {
  it.each([
    ['a phone', MOBILE],
    ['a computer', DESKTOP],
  ])('case pictures (photographs) arrive on %s as AVIF files of the size they show, lazily (ADR 0031)', async (_, viewport) => {
    const loaded: { url: string; type: string }[] = [];
    b.page.on('response', (r) => {
      if (r.url().includes('/img/case/')) loaded.push({ url: new URL(r.url()).pathname, type: r.headers()['content-type'] ?? '' });
    });
    await b.page.setViewportSize(viewport);
    await b.goto('/');
    if (home.popup) await dismissPromoPopup(b.page);
    expect(loaded, 'below the fold: nothing fetched before scrolling').toEqual([]);
    const pictures = region('能力展示').locator('img');
    await pictures.first().scrollIntoViewIfNeeded();
    const shown = await pictures.first().evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { src: img.currentSrc, slot: img.clientWidth, dpr: devicePixelRatio };
    });
    const width = Number(/\/media\/(\d+)\//.exec(shown.src)?.[1]);
    // The smallest listed width that fills the slot on this screen (sizes tells the truth), never the 1600 px original.
    expect(width, `${shown.src} in a ${shown.slot} px slot`).toBe(IMAGE_WIDTHS.find((w) => w >= shown.slot * shown.dpr));
    await expect.poll(() => loaded.find((l) => shown.src.endsWith(l.url))?.type).toBe('image/avif');
  });
});
