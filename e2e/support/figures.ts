// Reading an order's figures as a person reads them (issue 21): amounts written ¥1,234.50 on a page, and the text
// of the PDFs the shop makes (the contract, the invoice), so a journey can check that every page and every PDF it
// passes says the same amount.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { formatFen } from '@yance/contracts/money';
import { DESKTOP, MOBILE } from './browser.ts';
import { afterLayout, fitsWidth } from './page-checks.ts';
import { pdfText } from './pdf-text.ts';
import { artifactsDir, screenshot } from './screenshot.ts';

/** The fen of the first amount written in text (¥1,234.50, -¥30.00 → 3000; the sign is the caller's to read). */
export function fenIn(text: string): number {
  const m = /¥\s*([\d,]+(?:\.\d{1,2})?)/.exec(text);
  if (!m) throw new Error(`no amount in 「${text}」`);
  const [yuan, cents = ''] = m[1]!.replace(/,/g, '').split('.');
  return Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
}

/** Waits until the element's first amount is `fen` (it may still be loading or recomputing), and answers its text. */
export async function expectAmount(target: Locator, fen: number, what: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        text = await target.innerText().catch(() => '');
        return /¥/.test(text) ? fenIn(text) : null;
      },
      { message: `${what} reads ${formatFen(fen)}` },
    )
    .toBe(fen);
  return text;
}

// ---- PDF text (support/pdf-text.ts) ----------------------------------------------

/** The text of a PDF the browser downloaded; the file is kept as e2e/artifacts/<spec>-<name>.pdf to be looked at. */
export async function downloadedPdfText(download: Download, spec: string, name: string): Promise<string> {
  const file = path.join(artifactsDir, `${spec}-${name}.pdf`);
  await download.saveAs(file);
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1'), 'a PDF').toBe('%PDF-');
  return pdfText(bytes);
}

// ---- one figure, two widths ----------------------------------------------------

/**
 * A persona's whole journey is one test (its steps depend on each other): it gets longer than the suite's 120 s,
 * which is for a test of one feature. About 2 minutes alone, more beside another spec on a 2-core machine.
 */
export const JOURNEY_TIMEOUT = 300_000;

/** The widths every persona journey reads its figures at (a desktop and a phone). */
export const JOURNEY_WIDTHS = [1280, 375] as const;

/**
 * At 1280 and at 375 px: `target` reads `fen` (polled) and lies within the window's width (a table that scrolls
 * sideways hides it), the page does not scroll sideways (unless `fits` is false:
 * the console's tables may), and a full-page screenshot is kept (e2e/artifacts/<spec>-<name>-<width>.png). The
 * page is left at 1280.
 */
export async function readsAtWidths(
  page: Page,
  spec: string,
  name: string,
  target: Locator | ((width: number) => Locator),
  fen: number,
  opts: { fits?: boolean; fullPage?: boolean } = {},
): Promise<void> {
  for (const width of JOURNEY_WIDTHS) {
    await page.setViewportSize({ width, height: width <= MOBILE.width ? MOBILE.height : DESKTOP.height });
    await afterLayout(page);
    const el = typeof target === 'function' ? target(width) : target;
    await expectAmount(el, fen, `${name} at ${width} px`);
    // On screen, not in a table scrolled sideways out of sight (its text would still be read above).
    const box = await el.boundingBox();
    expect(
      box && box.x >= 0 && box.x + box.width <= width + 1,
      `${name}: the amount is on screen at ${width} px (${JSON.stringify(box)})`,
    ).toBe(true);
    if (opts.fits !== false) expect(await fitsWidth(page), `${name} fits ${width} px`).toBe(true);
    // From the top: a sticky header is drawn where the page was scrolled to in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, spec, name, { fullPage: opts.fullPage });
  }
  await page.setViewportSize(DESKTOP);
  await afterLayout(page);
}
