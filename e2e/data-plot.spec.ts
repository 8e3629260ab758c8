import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, useBrowser } from './support/browser.ts';
import { startPlotHarness, type PlotHarness } from './support/plot-harness.ts';
import { artifactsDir, screenshotAtWidths } from './support/screenshot.ts';

let harness: PlotHarness | undefined;
beforeAll(async () => {
  harness = await startPlotHarness();
});
afterAll(async () => {
  await harness?.close();
});

const b = useBrowser(DESKTOP, 'data-plot', {
  baseUrl: () => {
    if (!harness) throw new Error('plot harness not started');
    return harness.baseUrl;
  },
});

/** Two samples (100 000 + 17 001 points, .xy and CSV) and a text file that is not data. */
const FILES = 'xrd-100k.xy,xrd-b.csv,notes.txt';

async function openPlot(page: Page, files = FILES) {
  await page.goto(`${b.baseUrl}/plot-harness.html?files=${files}`);
  await page.locator('[data-testid="data-plot"][data-drawn="true"]').waitFor({ timeout: 60_000 });
}

const over = (page: Page) => page.locator('[data-testid="data-plot-chart"] .u-over');
const legendValue = (page: Page, i: number) => page.locator('.u-legend .u-series').nth(i).locator('.u-value').innerText();

/** Moves the mouse to a fraction of the plot area's width (and 40 % down) and reads the x the legend shows. */
async function xAt(page: Page, fraction: number): Promise<number> {
  const box = await over(page).boundingBox();
  if (!box) throw new Error('no plot area');
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height * 0.4);
  await expect.poll(() => legendValue(page, 0)).not.toBe('—');
  return Number(await legendValue(page, 0));
}

/** Pixels of the chart's canvas that are not transparent, and those drawn in the first series' blue (#1f6fd1). */
const inked = (page: Page) =>
  page.locator('[data-testid="data-plot-chart"] canvas').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let any = 0;
    let blue = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3]! > 0) any++;
      if (Math.abs(d[i]! - 0x1f) < 40 && Math.abs(d[i + 1]! - 0x6f) < 40 && Math.abs(d[i + 2]! - 0xd1) < 40 && d[i + 3]! > 200) blue++;
    }
    return { any, blue, total: d.length / 4 };
  });

describe('data plot of delivered files', () => {
  it('draws an XRD pattern and a BET isotherm on plots of their own, each axis named from its file’s header', async () => {
    await openPlot(b.page, 'xrd-b.csv,bet.csv');
    await expect.poll(() => b.page.getByTestId('data-plot-panel').count()).toBe(2);
    expect(await b.page.getByTestId('data-plot-axes').allInnerTexts()).toEqual([
      '横轴：2Theta · 纵轴：Intensity',
      '横轴：P/P0 · 纵轴：Volume (cm3/g STP)',
    ]);
    expect(await b.page.locator('body').innerText()).not.toMatch(/横坐标|纵坐标/);
    await screenshotAtWidths(b.page, 'data-plot', 'two-kinds');
  });

  it('draws two samples, names the file it cannot plot, marks the peaks and shows values under the cursor', async () => {
    await openPlot(b.page);
    const ink = await inked(b.page);
    expect(ink.any, 'canvas has drawing').toBeGreaterThan(ink.total * 0.01);
    expect(ink.blue, 'first sample drawn in its colour').toBeGreaterThan(500);
    await expect.poll(() => b.page.getByTestId('data-plot-problems').innerText()).toContain('S3 · notes.txt：文件中没有两列数值数据');
    const peaks = await b.page.getByTestId('data-plot-peaks').innerText();
    for (const at of ['23.10', '28.44', '47.30', '56.12']) expect(peaks).toContain(at);
    expect(await b.page.locator('figcaption').innerText()).toContain('117,001 个数据点');

    // Values under the cursor: x in the legend, and both samples' y.
    const x = await xAt(b.page, 0.3);
    expect(x).toBeGreaterThan(5);
    expect(x).toBeLessThan(90);
    expect(Number(await legendValue(b.page, 1))).toBeGreaterThan(0);
    expect(Number(await legendValue(b.page, 2))).toBeGreaterThan(0);
    await screenshotAtWidths(b.page, 'data-plot', 'two-samples');

    // A legend name hides its series.
    await b.page.locator('.u-legend .u-series').nth(2).click();
    await expect.poll(() => b.page.locator('.u-legend .u-series').nth(2).getAttribute('class')).toContain('u-off');
  });

  it('zooms by dragging a box and by the wheel, pans, and goes back with 复原', async () => {
    await openPlot(b.page, 'xrd-100k.xy');
    const left0 = await xAt(b.page, 0.01);
    expect(left0).toBeLessThan(6.5);
    const box = (await over(b.page).boundingBox())!;
    // Drag a box from 30 % to 50 % of the width: the left edge now shows about 30 % of the way along.
    await b.page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await b.page.mouse.down();
    await b.page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 5 });
    await b.page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
    await b.page.mouse.up();
    const left1 = await xAt(b.page, 0.01);
    expect(left1).toBeGreaterThan(25);
    expect(left1).toBeLessThan(40);
    const right1 = await xAt(b.page, 0.99);
    expect(right1 - left1).toBeLessThan(25);

    // The wheel narrows further around the cursor.
    await xAt(b.page, 0.5);
    await b.page.mouse.wheel(0, -300);
    await expect.poll(async () => (await xAt(b.page, 0.99)) - (await xAt(b.page, 0.01))).toBeLessThan(right1 - left1 - 1);

    // Pan: dragging to the right shows smaller x.
    await b.page.getByText('拖动平移', { exact: true }).click();
    const before = await xAt(b.page, 0.01);
    await b.page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await b.page.mouse.down();
    await b.page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 8 });
    await b.page.mouse.up();
    await expect.poll(() => xAt(b.page, 0.01)).toBeLessThan(before - 0.5);

    await b.page.getByRole('button', { name: '复原' }).click();
    await expect.poll(() => xAt(b.page, 0.01)).toBeLessThan(6.5);
  });

  it('exports a PNG with the chart, the title and the legend', async () => {
    await openPlot(b.page);
    const [download] = await Promise.all([b.page.waitForEvent('download'), b.page.getByRole('button', { name: '导出 PNG' }).click()]);
    expect(download.suggestedFilename()).toBe('检测数据图.png');
    const file = path.join(artifactsDir, 'data-plot-export.png');
    await download.saveAs(file);
    const png = await readFile(file);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const canvasWidth = await b.page.locator('[data-testid="data-plot-chart"] canvas').evaluate((c: HTMLCanvasElement) => c.width);
    // IHDR: width and height, big-endian, at bytes 16 and 20; taller than the chart by the title and the legend.
    expect(png.readUInt32BE(16)).toBe(canvasWidth);
    const canvasHeight = await b.page.locator('[data-testid="data-plot-chart"] canvas').evaluate((c: HTMLCanvasElement) => c.height);
    expect(png.readUInt32BE(20)).toBeGreaterThan(canvasHeight + 40);
  });

  it('fits a 375 px phone: no sideways scroll, the chart as wide as its card', async () => {
    await b.setWidth(MOBILE.width);
    await openPlot(b.page);
    const widths = await b.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      canvas: document.querySelector('[data-testid="data-plot-chart"] canvas')!.getBoundingClientRect().width,
    }));
    expect(widths.page).toBeLessThanOrEqual(MOBILE.width);
    expect(widths.canvas).toBeGreaterThan(250);
    expect(widths.canvas).toBeLessThanOrEqual(MOBILE.width);
    expect((await inked(b.page)).blue).toBeGreaterThan(200);
  });
});
