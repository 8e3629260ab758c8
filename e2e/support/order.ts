// The order page as a customer fills it (ADR 0070).
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { toast } from './accounts.ts';
import { waitForApp } from './browser.ts';
import { expectPath, expectSettled } from './page-checks.ts';
import { button } from './staff.ts';

/** Ticks 我已阅读并同意《检测服务协议》: an institution's order needs it. */
export async function acceptAgreement(page: Page): Promise<void> {
  const box = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  await box.scrollIntoViewIfNeeded();
  await box.check();
}

/** A one-page PDF: what a customer's scanner sends (a signed contract, a demand's specification sheet; checked by its %PDF- bytes). */
export const SCANNED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** 加入实验方案 on an item's page, as a customer does (the item's page opened, the toast waited for). */
export async function addToPlan(page: Page, rid: string): Promise<void> {
  await page.goto(`/detail/${rid}`, { waitUntil: 'domcontentloaded' });
  await waitForApp(page);
  await page.getByRole('button', { name: '加入实验方案' }).filter({ visible: true }).first().click();
  await toast(page, '已加入实验方案').first().waitFor({ state: 'visible' });
}

/**
 * From 实验方案, 去下单: the order page with one line per plan line; each line's first sample is named (in plan
 * order) and a powder. Answers the lines.
 */
export async function openOrderForm(page: Page, sampleNames: readonly string[]): Promise<Locator> {
  await page.goto('/experiment/plan', { waitUntil: 'domcontentloaded' });
  await waitForApp(page);
  await button(page, '去下单').click();
  await expectPath(page, '/experiment/order');
  const lines = page.getByTestId('order-line');
  await expect.poll(() => lines.count()).toBe(sampleNames.length);
  for (const [i, name] of sampleNames.entries()) {
    await lines.nth(i).getByPlaceholder('如：TiO2 粉末').fill(name);
    await lines.nth(i).getByRole('radio', { name: '粉末' }).check();
  }
  return lines;
}

/** 提交订单, and the order's page it leads to: answers the order's id and number. */
export async function submitOrder(page: Page): Promise<{ id: number; no: string }> {
  await page.getByRole('button', { name: /提交订单$/ }).click();
  await toast(page, '提交成功!').first().waitFor({ state: 'visible' });
  await expectPath(page, '/member/order');
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect(id).toBeGreaterThan(0);
  const no = (await page.locator('#order-no').innerText()).replace(/^订单\s*/, '').trim();
  return { id, no };
}

/**
 * Chooses the address of the book whose line holds `text` in 预约上门取样's 取样地址. The list slides open, and a
 * press while it moves can miss the option (CI, a loaded 2-core machine); the chosen address fills 姓名, which
 * tells that the choice was taken, so until it does the address is chosen again (three times at most).
 */
export async function chooseBookAddress(page: Page, dialog: Locator, text: string): Promise<void> {
  const contact = dialog.getByLabel('姓名');
  const list = page.locator('.ant-select-dropdown:visible');
  for (let attempt = 0; (await contact.inputValue()) === ''; attempt++) {
    if (attempt === 3) throw new Error(`the address of the book in ${text} was not chosen`);
    if (!(await list.isVisible())) await dialog.getByLabel('取样地址').click();
    await list.waitFor();
    await expectSettled(list);
    await list.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
    await expect
      .poll(() => contact.inputValue(), { timeout: 5_000 })
      .not.toBe('')
      .catch(() => undefined);
  }
}
