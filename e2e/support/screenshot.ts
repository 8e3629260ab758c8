import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterLayout } from './page-checks.ts';

/** e2e/artifacts (gitignored). */
export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

const slug = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_');

/**
 * The screenshots are for people to look at (e2e/artifacts, at 1280 and 375 px). A run nobody looks at — CI, which
 * keeps no artifacts — sets E2E_SCREENSHOTS=off and skips the captures (a tenth of the suite's time); the resizes and
 * every check around them still run, and a failure's screenshot is still kept.
 */
const CAPTURE = process.env.E2E_SCREENSHOTS !== 'off';

const fileFor = (page: Page, spec: string, name: string) =>
  path.join(artifactsDir, `${slug(spec)}-${slug(name)}-${page.viewportSize()?.width ?? 0}.png`);

async function capture(page: Page, file: string, fullPage: boolean): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
}

/** Saves e2e/artifacts/<spec>-<name>-<width>.png at the page's current width (unless E2E_SCREENSHOTS=off). */
export async function screenshot(page: Page, spec: string, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  const file = fileFor(page, spec, name);
  if (CAPTURE) await capture(page, file, opts.fullPage ?? true);
  return file;
}

/** What a page showed when a test failed: a screenshot and its HTML beside it (whatever E2E_SCREENSHOTS says). */
export async function keepFailure(page: Page, spec: string, name: string): Promise<void> {
  const file = fileFor(page, spec, name);
  await capture(page, file, false);
  await writeFile(file.replace(/\.png$/, '.html'), await page.content());
}

/** Screenshots the page at each width (default 1280 and 375), then restores the original size. */
export async function screenshotAtWidths(
  page: Page,
  spec: string,
  name: string,
  widths: readonly number[] = [1280, 375],
): Promise<string[]> {
  const original = page.viewportSize();
  const files: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: original?.height ?? 800 });
    // Let the responsive layout settle after the resize.
    await afterLayout(page);
    files.push(await screenshot(page, spec, name));
  }
  if (original) await page.setViewportSize(original);
  return files;
}
