import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage } from 'playwright-core';
import type { TokenPair } from '@yance/contracts/account';
import {
  addAddress,
  authDialog,
  call,
  expectSignedInAs,
  expectSignedOut,
  openLogin,
  passwordLogin,
  registerUser,
  shownAccount,
  storedToken,
  toast,
  useServer,
} from './support/accounts.ts';
import { url } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

/** The refresh grace of the first server (30 s by default, ADR 0022): short, so a reuse after it is soon a theft. */
const GRACE_SECONDS = 2;

/**
 * Two servers with short token lifetimes (test config):
 * - ACCESS_TOKEN_TTL=3605: a fresh login is 5 s away from the web's 3600 s
 *   refresh threshold, so after a short wait the next page load must refresh once;
 *   REFRESH_GRACE_SECONDS=2: a rotated refresh token answers the same pair for 2 s;
 * - ACCESS_TOKEN_TTL=2, REFRESH_TOKEN_TTL=3: an idle tab's session ends for real.
 */
const refreshing = useServer({ env: { ACCESS_TOKEN_TTL: '3605', REFRESH_GRACE_SECONDS: String(GRACE_SECONDS) } });
const expiring = useServer({ env: { ACCESS_TOKEN_TTL: '2', REFRESH_TOKEN_TTL: '3' } });
let active: typeof refreshing = refreshing;
const b = useBrowser(undefined, 'accounts', { baseUrl: () => active.baseUrl });

const REFRESH_PATH = url('refresh4token');

describe('token refresh (ACCESS_TOKEN_TTL=3605, REFRESH_GRACE_SECONDS=2)', () => {
  beforeAll(() => {
    active = refreshing;
  });

  it('a second use of a rotated refresh token within REFRESH_GRACE_SECONDS answers the same pair', async () => {
    const user = await registerUser(active.server);
    const first = await call<TokenPair>(active.baseUrl, 'refresh4token', { token: user.tokens.refreshToken });
    const second = await call<TokenPair>(active.baseUrl, 'refresh4token', { token: user.tokens.refreshToken });
    expect(first.code).toBe(1);
    expect(second.code, 'two tabs refreshing at once both keep the session').toBe(1);
    expect([second.data.token, second.data.refreshToken]).toEqual([first.data.token, first.data.refreshToken]);
    expect(first.data.refreshToken).not.toBe(user.tokens.refreshToken);
  });

  it('refreshes exactly once for a burst of requests, stores the rotated pair and stays signed in', async () => {
    const user = await registerUser(active.server);
    await addAddress(active.baseUrl, user.tokens.token);
    await b.goto('/contact');
    await passwordLogin(await openLogin(b.page), user.phone, user.password);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await expectSignedInAs(b.page, user.phone);
    const before = await storedToken(b.page);
    expect(before).not.toBeNull();
    expect(before!.expires - Date.now() / 1000, 'a fresh token is above the refresh threshold').toBeGreaterThan(3600);

    // Let the token fall under 3600 s (the web's threshold), then load a member page: several API calls at once.
    // The web counts whole seconds (expires − floor(now)), so wait until it, not just this fraction, is below.
    await expect.poll(() => before!.expires - Math.floor(Date.now() / 1000), { timeout: 15_000, interval: 250 }).toBeLessThan(3600);
    const refreshes: string[] = [];
    const apiCalls: string[] = [];
    b.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === REFRESH_PATH) refreshes.push(r.postData() ?? '');
      else if (path.startsWith('/api/')) apiCalls.push(path);
    });
    await b.goto('/member/address');
    await b.page.locator('[data-testid=address-item]').first().waitFor({ state: 'visible' });
    await b.page.waitForLoadState('networkidle');
    expect(apiCalls.length, 'the page made several API calls').toBeGreaterThan(1);
    expect(refreshes, 'one refresh4token for the whole burst').toHaveLength(1);
    expect(JSON.parse(refreshes[0]!)).toEqual({ token: before!.refresh });

    const after = await storedToken(b.page);
    expect(after?.access).toBeTruthy();
    expect(after!.access, 'a new access token').not.toBe(before!.access);
    expect(after!.refresh, 'the refresh token rotated').not.toBe(before!.refresh);
    expect(after!.expires - Date.now() / 1000).toBeGreaterThan(3600);
    await expectSignedInAs(b.page, user.phone);

    // The rotated-out refresh token used again: within the grace (a second tab) it answers the
    // same new pair; after it (a stolen copy) the server ends the whole family, and the person
    // sees it on the next call. Polled until the grace is over.
    await expect
      .poll(
        async () => {
          const res = await call<TokenPair>(active.baseUrl, 'refresh4token', { token: before!.refresh });
          if (res.code === 1) expect([res.data.token, res.data.refreshToken], 'the same new pair').toEqual([after!.access, after!.refresh]);
          return res.code;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(401);
    const warnings: string[] = [];
    b.page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await b.page.reload({ waitUntil: 'domcontentloaded' });
    await toast(b.page, '登录已过期，请重新登录').first().waitFor({ state: 'visible' });
    expect(await storedToken(b.page)).toBeNull();
    expect(warnings).toContain('Re login');
  });
});

describe('token expiry (ACCESS_TOKEN_TTL=2, REFRESH_TOKEN_TTL=3)', () => {
  beforeAll(() => {
    active = expiring;
  });

  it('an idle session ends: one warning toast, "Re login" in the console, the token cleared, the member page asks to log in', async () => {
    const user = await registerUser(active.server);
    await addAddress(active.baseUrl, user.tokens.token);
    const warnings: string[] = [];
    b.page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await b.goto('/member/center');
    await passwordLogin(authDialog(b.page), user.phone, user.password);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });
    await b.page.locator('main h1', { hasText: shownAccount(user.phone) }).waitFor({ state: 'visible' });
    const signedIn = await storedToken(b.page);
    expect(signedIn).not.toBeNull();

    // Idle past both lifetimes: the refresh token (3 s) was issued with the access token (2 s; the web
    // stores its end rounded down to the second, so allow one more second).
    const refreshEnds = (signedIn!.expires - 2 + 3 + 1) * 1000;
    await expect.poll(() => Date.now() > refreshEnds + 500, { timeout: 15_000, interval: 250 }).toBe(true);
    await b.page.reload({ waitUntil: 'domcontentloaded' });
    const expired = toast(b.page, '登录已过期，请重新登录');
    await expired.first().waitFor({ state: 'visible' });
    await expect.poll(() => warnings).toContain('Re login');
    expect(await storedToken(b.page)).toBeNull();
    await b.page.locator('main').getByText('请先登录').filter({ visible: true }).first().waitFor();
    await expectSignedOut(b.page);
    // Told once, not once per failing call (counted once every call has come back).
    await b.page.waitForLoadState('networkidle');
    expect(await expired.count()).toBe(1);
    expect(warnings.filter((w) => w === 'Re login')).toHaveLength(1);
  });
});
