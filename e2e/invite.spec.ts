import { describe, expect, it } from 'vitest';
import type { TokenPair } from '@yance/contracts/account';
import {
  addAddress,
  attestStudent,
  authDialog,
  call,
  newIp,
  newPhone,
  outboxMark,
  PASSWORD,
  registerUser,
  signInWith,
  smsCodeFor,
  storedToken,
  submitButton,
  toast,
  useServer,
  type TestUser,
} from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { fitsWidth, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { enrol, signInToConsole } from './support/staff.ts';
import { apiOk, confirmedOrder, newKey, paidTopUp } from './support/money.ts';

// Issue 10's invitations (ADR 0054): a customer shares their link; a friend registers through it; after the
// friend's first paid order the inviter sees the reward in the list and in the prestore statement.
const SPEC = 'invite';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

describe('invitations (issue 10, ADR 0054)', () => {
  it('a customer copies the link; a friend registers through it; after the friend’s first paid order the inviter sees the reward', async () => {
    const inviter = await registerUser(s.server);
    await attestStudent(s.baseUrl, inviter.tokens.token);
    await addAddress(s.baseUrl, inviter.tokens.token);
    const page = b.page;
    // The browser is its own client: an address and a device of its own, not the inviter's.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': newIp() });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.baseUrl });

    await signInWith(page, inviter.tokens, '/member/invite');
    const code = (await page.getByTestId('invite-code').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await page.getByTestId('invite-link').innerText()).trim()).toBe(`${s.baseUrl}/invited/${code}`);
    expect(await page.getByTestId('invite-rule').innerText()).toContain('¥50.00');
    await page.getByRole('button', { name: '复制链接' }).click();
    await toast(page, '邀请链接已复制').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${s.baseUrl}/invited/${code}`);
    await page.getByTestId('invite-poster').waitFor();
    expect(await page.getByText('还没有好友通过您的邀请注册').isVisible()).toBe(true);
    await screenshotAtWidths(page, SPEC, 'member-invite-empty');

    // The friend, in the same browser after the inviter signed out, opens the copied link.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(new URL(copied).pathname, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const dialog = await opened(authDialog(page, '注册研测账号'));
    expect(await dialog.getByPlaceholder('邀请码（选填）').inputValue()).toBe(code);
    const phone = newPhone();
    await dialog.getByPlaceholder('手机号').fill(phone);
    const mark = await outboxMark(s.server);
    await dialog.getByRole('button', { name: /获取验证码/ }).click();
    await toast(page, '验证码已发送!').first().waitFor({ state: 'visible' });
    await dialog.getByPlaceholder('请输入验证码').fill(await smsCodeFor(s.server, phone, 'register', mark));
    await dialog.getByPlaceholder('密码（至少8位）').fill(PASSWORD);
    await dialog.getByPlaceholder('确认密码').fill(PASSWORD);
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    const signHeaders = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/sign')).then((r) => r.headers());
    await submitButton(dialog, '注册').click();
    await toast(page, '注册成功!').first().waitFor({ state: 'visible' });
    // The sign-up carried the browser's device id.
    expect((await signHeaders)['x-device-id']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const stored = (await storedToken(page))!;
    const friend: TestUser = {
      phone,
      password: PASSWORD,
      tokens: { token: stored.access, refreshToken: stored.refresh, expires: 7200 } as TokenPair,
    };

    // Registered: the inviter sees 已注册 with the phone masked.
    const listed = apiOk(
      await call<{ list: { phone: string; status: string }[] }>(
        s.baseUrl,
        'inviteList',
        { page: 1, pageSize: 10 },
        { token: inviter.tokens.token },
      ),
    );
    expect(listed.list).toEqual([expect.objectContaining({ phone: `${phone.slice(0, 3)}****${phone.slice(7)}`, status: 'registered' })]);

    // The friend's first order, tested and settled from their balance.
    await attestStudent(s.baseUrl, friend.tokens.token);
    const item = (await searchDevices(s.baseUrl, { pageSize: 50 })).list
      .filter((d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1)
      .sort((x, y) => x.price_fen - y.price_fen)[0]!;
    const lab = (await enrol(s.baseUrl, 'lab')).token;
    const order = await confirmedOrder(s.baseUrl, friend, item.rid, lab);
    await paidTopUp(s.baseUrl, friend, 1_000_000);
    apiOk(await call(s.baseUrl, 'settlementAdd', { orderIds: [order.id], idempotencyKey: newKey() }, { token: friend.tokens.token }));

    await page.evaluate(() => localStorage.removeItem('token'));
    await signInWith(page, inviter.tokens, '/member/invite');
    const row = page.getByTestId('invitee').filter({ hasText: `${phone.slice(0, 3)}****${phone.slice(7)}` });
    await row.waitFor();
    expect(await row.innerText()).toContain('已奖励');
    expect(await row.innerText()).toContain('+¥50.00');
    expect((await page.getByTestId('invite-earned').innerText()).trim()).toBe('¥50.00');
    await screenshotAtWidths(page, SPEC, 'member-invite');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await fitsWidth(page), `邀请有礼 at ${width}`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/member/prestore', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    const line = page.getByTestId('statement-line').filter({ hasText: '邀请奖励' });
    await line.first().waitFor();
    expect(await line.first().innerText()).toContain('50.00');

    // The console's room: the operator sees the invitation granted with the first order.
    await page.evaluate(() => localStorage.removeItem('token'));
    await signInToConsole(
      page,
      async (p) => {
        await page.goto(p, { waitUntil: 'domcontentloaded' });
        await waitForApp(page);
      },
      'operator',
    );
    await page.getByRole('menuitem', { name: '邀请有礼' }).click();
    await page.waitForURL('**/admin/invites');
    const consoleRow = page.locator('.ant-table-row').filter({ hasText: order.no });
    await consoleRow.waitFor();
    expect(await consoleRow.innerText()).toContain('已奖励');
    expect(await consoleRow.innerText()).toContain(inviter.phone);
    await screenshotAtWidths(page, SPEC, 'console-invites');
  });
});
