import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterLayout } from './page-checks.ts';

/** e2e/artifacts (gitignored). */
export const artifactsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

const slug = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_');

/** Saves e2e/artifacts/<spec>-<name>-<width>.png at the page's current width. */
export async function screenshot(page: Page, spec: string, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(artifactsDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(artifactsDir, `${slug(spec)}-${slug(name)}-${width}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? true, animations: 'disabled' });
  return file;
}

/** What a page showed when a test failed: a screenshot and its HTML beside it. */
export async function keepFailure(page: Page, spec: string, name: string): Promise<void> {
  const file = await screenshot(page, spec, name, { fullPage: false });
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
