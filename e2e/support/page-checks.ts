import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Waits until a path (and optional search) is the page's location. */
export async function expectPath(page: Page, pathname: string, search?: string): Promise<void> {
  await expect
    .poll(() => {
      const u = new URL(page.url());
      return search === undefined ? decodeURIComponent(u.pathname) : `${decodeURIComponent(u.pathname)}${decodeURIComponent(u.search)}`;
    })
    .toBe(search === undefined ? pathname : `${pathname}${search}`);
}

/** The page is not blank: the main content has readable text and a heading. */
export async function expectMeaningful(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator('main')
        .first()
        .innerText()
        .then((t) => t.trim().length),
    )
    .toBeGreaterThan(20);
  await expect.poll(() => page.locator('main h1, main h2, main [role=heading]').count()).toBeGreaterThan(0);
}

/** A visible element with exactly this text (or containing it when exact is false). */
export async function expectVisibleText(page: Page, text: string | RegExp, opts: { exact?: boolean; within?: string } = {}): Promise<void> {
  const scope = opts.within ? page.locator(opts.within) : page;
  await scope
    .getByText(text, { exact: opts.exact ?? false })
    .filter({ visible: true })
    .first()
    .waitFor();
}

/** A visible heading (h1–h6 or role=heading) whose text contains this. */
export async function expectHeading(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('heading', { name: text }).filter({ visible: true }).first().waitFor();
}

/**
 * Closes the home page's promotional popup (it starts open and covers the
 * page) so a test can go on with the page underneath.
 */
export async function dismissPromoPopup(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: /close|关闭/i }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Waits until nothing is animating in the element, inside it or around it
 * (a popup's zoom or a menu's slide runs on a wrapper above the element a
 * test holds): a click during the motion can land where another item was a
 * frame ago. antd marks a motion with classes (ant-zoom-appear, …-active)
 * from before its CSS animation starts until after it ends, so those count
 * too: between the class and the animation's first frame nothing is running.
 */
export async function expectSettled(target: Locator): Promise<void> {
  await expect
    .poll(() =>
      target
        .evaluate((el) => {
          const running = document.getAnimations().filter((a) => {
            const t = a.effect instanceof KeyframeEffect ? a.effect.target : null;
            return a.playState === 'running' && t instanceof Element && (t.contains(el) || el.contains(t));
          }).length;
          let moving = 0;
          for (let n: Element | null = el; n; n = n.parentElement) {
            if ([...n.classList].some((c) => /-(appear|enter|leave)(-|$)/.test(c))) moving++;
          }
          return running + moving;
        })
        .catch(() => -1),
    )
    .toBe(0);
}

/** Waits until a popup is shown and has stopped opening (its zoom moves every button in it), and answers it. */
export async function opened(dialog: Locator): Promise<Locator> {
  await dialog.waitFor({ state: 'visible' });
  await expectSettled(dialog);
  return dialog;
}

/** Waits until web fonts are in and the layout has been painted twice since (before measuring or a screenshot). */
export async function afterLayout(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** Whether the page fits its window's width: no sideways scroll (a phone's 375 px). */
export const fitsWidth = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
