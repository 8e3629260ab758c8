import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CONTEXT_SETTINGS, MOBILE, DESKTOP, useBrowser } from './support/browser.ts';
import { dismissPromoPopup } from './support/page-checks.ts';
import { screenshot } from './support/screenshot.ts';
import { d, loadHydrated, projectPath, useSsrData } from './support/ssr.ts';

/** Server rendering (issue 7, ADR 0026): what a person sees, with and without JavaScript. */
const b = useBrowser(undefined, 'ssr-screenshots');
useSsrData(b);

/** Scrolls through the page as a visitor would, so the lazy images below the fold are in a full-page screenshot. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // Two frames at each stop: lazy images and observers react to the scroll in a frame's rendering steps.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
  });
  // Wait for what the scroll asked for: every image in the page's width has loaded (or failed). Images in slides
  // off to the side (banner, partners) stay lazy, and hidden ones (no box) are never asked for.
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      const r = img.getBoundingClientRect();
      const offToTheSide = r.right <= 0 || r.left >= window.innerWidth;
      return img.complete || offToTheSide || (r.width === 0 && r.height === 0);
    }),
  );
}

/** A context of its own (JS on or off) at one width, as the fixture's are; requests leaving the machine get an empty answer. */
async function contextAt(width: number, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const viewport = width <= MOBILE.width ? MOBILE : DESKTOP;
  const c = await b.browser.newContext({ ...CONTEXT_SETTINGS, viewport, baseURL: b.baseUrl, javaScriptEnabled });
  await c.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 204, body: '' }));
  return c;
}

describe('screenshots: the server-rendered page without JavaScript, and hydrated', () => {
  const SHOTS: [string, () => string, () => string][] = [
    ['home', () => '/', () => d.home.hotItems[0]!.name],
    ['detail', () => `/detail/${d.item.rid}`, () => d.item.sample_requirement],
    ['project', () => projectPath(d.type), () => d.typeItems[0]!.name],
  ];
  for (const [name, pathOf, shownText] of SHOTS) {
    it(`${name}: the same content at 1280 and 375 px, JavaScript off and on`, async () => {
      for (const js of [false, true]) {
        for (const width of [DESKTOP.width, MOBILE.width]) {
          const c = await contextAt(width, js);
          try {
            const page = await c.newPage();
            const errors: string[] = [];
            page.on('pageerror', (e) => errors.push(e.message));
            if (js) await loadHydrated(page, pathOf());
            else await page.goto(pathOf(), { waitUntil: 'load' });
            if (js && name === 'home' && d.home.popup) await dismissPromoPopup(page);
            // Without script the browser loads every image at once (no lazy loading); with it, a visitor scrolls.
            if (js) await scrollThrough(page);
            // The page's own content is there and visible, with or without script.
            await page.getByText(shownText()).filter({ visible: true }).first().waitFor();
            await page.evaluate(() => document.fonts.ready).catch(() => undefined);
            await screenshot(page, 'ssr', `${name}-${js ? 'js' : 'nojs'}`);
            expect(errors).toEqual([]);
          } finally {
            await c.close();
          }
        }
      }
    });
  }
});
