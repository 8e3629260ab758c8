import { describe, expect, it } from 'vitest';
import { openWxQr, qrBox, useServer, wxConfirmCard } from './support/accounts.ts';
import { MOBILE, useBrowser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshot.ts';

/**
 * Tickets live 15 s on this spec's server (300 s by default), so the expiry need not wait five minutes; the journeys
 * that confirm a ticket (accounts-qr.spec.ts) keep the default, as a slow phone sign-in must not outlast the code.
 */
const TICKET_TTL = 15;
const s = useServer({ env: { WX_TICKET_TTL: String(TICKET_TTL) } });
const b = useBrowser(undefined, 'accounts', { baseUrl: () => s.baseUrl });

describe('WeChat QR login (local provider): expiry', () => {
  it(`after expire_seconds (${TICKET_TTL} s here) the code shows as expired, the old link is void, and 刷新 issues a new one`, async () => {
    const { href } = await openWxQr(b);
    await expect.poll(() => qrBox(b.page).getAttribute('data-status'), { timeout: (TICKET_TTL + 5) * 1000, interval: 500 }).toBe('expired');
    await qrBox(b.page).getByText('二维码已过期').waitFor({ state: 'visible' });
    await screenshotAtWidths(b.page, 'accounts', 'qr-expired');

    const phone = await b.newDevice(MOBILE);
    await phone.goto(href, { waitUntil: 'domcontentloaded' });
    await expect
      .poll(() =>
        wxConfirmCard(phone)
          .getAttribute('data-status')
          .catch(() => null),
      )
      .toMatch(/^(expired|error)$/);
    await phone
      .getByText(/二维码(无效或)?已过期/)
      .filter({ visible: true })
      .first()
      .waitFor();

    await qrBox(b.page)
      .getByRole('button', { name: /刷\s*新/ })
      .click();
    await expect.poll(() => qrBox(b.page).getAttribute('data-status')).toBe('waiting');
    const fresh = await qrBox(b.page).locator('a[href]').getAttribute('href');
    expect(fresh).toMatch(/\/wx\/confirm\/[^/]+$/);
    expect(fresh, 'a new ticket').not.toBe(href);
  });
});
