// The order page as a customer fills it (ADR 0070).
import type { Page } from 'playwright-core';

/** Ticks 我已阅读并同意《检测服务协议》: an institution's order needs it. */
export async function acceptAgreement(page: Page): Promise<void> {
  const box = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  await box.scrollIntoViewIfNeeded();
  await box.check();
}
