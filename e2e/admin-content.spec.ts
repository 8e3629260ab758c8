import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { HomeData } from '@yance/contracts/home';
import type { SamplingSetting } from '@yance/contracts/setting';
import { useServer } from './support/accounts.ts';
import { apiGet, apiPost } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { fetchHtml, textOf } from './support/html.ts';
import { expectPath } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, menuItems, OPERATOR_MENU, signInToConsole } from './support/staff.ts';

const SPEC = 'admin-content';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};
/** A real w×h RGB PNG (a colour gradient), made here so the test needs no fixture file. */
function png(w: number, h: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set([(x * 255) / w, (y * 255) / h, 160], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs in at /admin/login with the demo password. */
const signIn = (page: Page, account: string) => signInToConsole(page, (p) => b.goto(p), account);

const samplingOnSite = async () =>
  (await apiPost<{ samplingSetting: SamplingSetting }>(s.baseUrl, 'settingList4key', { keys: ['samplingSetting'] })).samplingSetting;

describe('console content and settings', () => {
  it('an operator edits a banner with a new picture and the home page shows it; a closed date reaches the storefront', async () => {
    const { page } = b;
    await signIn(page, 'operator');
    expect(await menuItems(page)).toEqual(OPERATOR_MENU);

    await page.getByRole('menuitem', { name: '轮播图' }).click();
    await expectPath(page, '/admin/content/banners');
    const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    await screenshotAtWidths(page, SPEC, 'banners');

    await firstRow.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    const title = `冬季检测季 ${Date.now() % 100_000}`;
    await dialog.getByLabel('标题').fill('');
    await button(dialog, '保存').click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['[标题]不能为空']);
    await dialog.getByLabel('标题').fill(title);
    const before = await dialog.getByAltText('已上传的图片').getAttribute('src');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: png(64, 32) });
    // An opaque PNG is stored re-encoded as JPEG (ADR 0037).
    await expect.poll(() => dialog.getByAltText('已上传的图片').getAttribute('src')).toMatch(/^\/upload\/u\/.+\.(png|jpg)$/);
    const img = await dialog.getByAltText('已上传的图片').getAttribute('src');
    expect(img).not.toBe(before);
    await screenshotAtWidths(page, SPEC, 'banner-edit');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row', { name: new RegExp(title) }).waitFor();

    // The home page caches for at most 10 s and drops the cache on a content edit.
    await expect
      .poll(async () => textOf((await fetchHtml(s.baseUrl, '/')).html).includes(title), { timeout: 10_000, interval: 500 })
      .toBe(true);
    const home = await apiGet<HomeData>(s.baseUrl, 'home');
    expect(home.bannerArr.find((x) => x.title === title)?.img).toBe(img);

    await page.getByRole('menuitem', { name: '取样设置' }).click();
    await expectPath(page, '/admin/settings/sampling');
    // An open date a few days ahead (the grid always shows the next days, even at a month's end).
    const open = page.locator('[data-testid^="day-"][data-state="open"]');
    await open.first().waitFor();
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const candidates = (await open.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)))).filter((d) => d > today);
    const day = candidates[1]!;
    expect(day).toBeTruthy();
    expect((await samplingOnSite()).disabled_date).not.toContain(day);
    await page.getByTestId(`day-${day}`).click();
    await expect.poll(() => page.getByTestId(`day-${day}`).getAttribute('data-state')).toBe('closed');
    await button(page, '保存').click();
    await expect.poll(async () => (await samplingOnSite()).disabled_date, { timeout: 10_000 }).toContain(day);
    await screenshotAtWidths(page, SPEC, 'sampling');

    const pages: [string, string, string][] = [
      ['文章', '/admin/content/articles', '.ant-table-tbody tr.ant-table-row'],
      ['单页', '/admin/content/pages', '.ant-table-tbody tr.ant-table-row'],
      ['合作机构', '/admin/content/partners', '.ant-table-tbody tr.ant-table-row'],
      ['首页弹窗', '/admin/content/popup', 'form'],
      ['上门取样地区', '/admin/settings/regions', '.ant-tree-treenode:not([aria-hidden])'],
      ['联系方式', '/admin/settings/contact', 'form'],
    ];
    for (const [label, path, ready] of pages) {
      await page.getByRole('menuitem', { name: label }).click();
      await expectPath(page, path);
      await page.locator(ready).first().waitFor();
      await screenshotAtWidths(page, SPEC, path.split('/').pop()!);
    }

    await b.goto('/admin/content/articles');
    await page.locator('.ant-table-tbody tr.ant-table-row a').first().click();
    await page.getByLabel('正文').waitFor();
    await screenshotAtWidths(page, SPEC, 'article-edit');
    await b.goto('/admin/content/pages/profile');
    await page.getByText('{{items}}', { exact: true }).waitFor();
    await screenshotAtWidths(page, SPEC, 'page-edit');
  });
});
