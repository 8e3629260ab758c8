// The order page as a customer fills it (ADR 0070).
import type { Page } from 'playwright-core';

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
