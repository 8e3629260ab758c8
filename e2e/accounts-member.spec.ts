import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  addAddress,
  call,
  dialogTitled,
  expectFieldErrors,
  newPhone,
  openLogin,
  outboxMark,
  passwordLogin,
  signInWith,
  registerUser,
  shownAccount,
  smsCodeFor,
  storedToken,
  toast,
  userInfo,
  useServer,
} from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath, expectSettled, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { SPEC_MEMBER_MENU } from './support/spec.ts';

const s = useServer();
const b = useBrowser(undefined, 'accounts', { baseUrl: () => s.baseUrl });

const attestation = (page: Page) => dialogTitled(page, '完善基本信息');
/** A form control by its label. */
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
const items = (page: Page) => page.locator('[data-testid=address-item]');
/** The 默认 mark of an address item (not the 设为默认 button). */
const defaultTags = (item: Locator) => item.getByText('默认', { exact: true }).count();

describe('attestation (spec §4)', () => {
  it('opens after the first login, checks the rules, and saves the profile with a first address', async () => {
    const user = await registerUser(s.server);
    await b.goto('/contact');
    await passwordLogin(await openLogin(b.page), user.phone, user.password);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });

    const modal = attestation(b.page);
    await modal.waitFor({ state: 'visible' });
    await modal.getByText('未完善基本信息无法正常下单').waitFor({ state: 'visible' });
    // Spec §9: the region picker starts at 110101.
    await modal
      .getByText(/北京市\s*\/\s*北京市\s*\/\s*东城区/)
      .filter({ visible: true })
      .first()
      .waitFor();
    for (const label of ['姓名', '邮箱', '单位名称', '详细地址']) await field(modal, label).waitFor({ state: 'visible' });
    await screenshotAtWidths(b.page, 'accounts', 'attestation');

    const submit = modal.getByRole('button', { name: /^提\s*交$/ });
    await submit.click();
    await expectFieldErrors(modal, expect.arrayContaining(['「姓名」不能为空', '「邮箱」不能为空', '「详细地址」不能为空']));
    // An enterprise's field reads 公司名称, and so does its message.
    await modal.getByRole('radio', { name: '企业' }).check();
    await field(modal, '公司名称').waitFor({ state: 'visible' });
    await submit.click();
    await expectFieldErrors(modal, expect.arrayContaining(['「公司名称」不能为空']));
    await screenshotAtWidths(b.page, 'accounts', 'attestation-enterprise');

    await field(modal, '姓名').fill('李雷');
    await field(modal, '邮箱').fill('not-an-email');
    await modal.getByRole('radio', { name: '学生' }).check();
    await field(modal, '导师').waitFor({ state: 'visible' });
    await field(modal, '单位名称').fill('清华大学');
    await field(modal, '详细地址').fill('双清路30号');
    await submit.click();
    // Students name their tutor (spec §5); the tutor's phone and e-mail are optional.
    await expectFieldErrors(modal, ['「邮箱」格式不正确', '「导师」不能为空']);

    await field(modal, '邮箱').fill('lilei@example.com');
    await field(modal, '导师').fill('韩梅梅');
    await submit.click();
    await toast(b.page, '提交成功!').first().waitFor({ state: 'visible' });
    await modal.waitFor({ state: 'hidden' });

    const info = await userInfo(s.baseUrl, user.tokens.token);
    expect(info.userInfo).toMatchObject({
      name: '李雷',
      email: 'lilei@example.com',
      organization: 0,
      company: '清华大学',
      teacher: '韩梅梅',
      region: '110101',
      attested: true,
    });
    expect(info.address).toHaveLength(1);
    expect(info.address[0]).toMatchObject({
      name: '李雷',
      phone: user.phone,
      province: '北京市',
      area: '东城区',
      address: '双清路30号',
      default: true,
    });

    // The member center now says so, and the popup does not come back.
    await b.goto('/member/center');
    await b.page.getByRole('main').getByText('已完善').waitFor({ state: 'visible' });
    await b.page.waitForLoadState('networkidle');
    expect(await attestation(b.page).count()).toBe(0);
  });

  it('稍后完善 closes it for now; the member pages keep the hint with a way to finish', async () => {
    const user = await registerUser(s.server);
    await signInWith(b.page, user.tokens, '/member/center');
    const modal = attestation(b.page);
    await modal.waitFor({ state: 'visible' });
    await modal.getByRole('button', { name: '稍后完善' }).click();
    await modal.waitFor({ state: 'hidden' });
    const hint = b.page.getByRole('main').getByRole('alert').filter({ hasText: '未完善基本信息无法正常下单' });
    await hint.waitFor({ state: 'visible' });
    await b.page.locator('main').getByText('未完善').first().waitFor();
    await hint.getByRole('button', { name: /立即完善/ }).click();
    await expectPath(b.page, '/member/information');
    await b.page.locator('main form[aria-label="基本信息"]').waitFor({ state: 'visible' });
    expect(await attestation(b.page).count(), 'the popup stays closed in this visit').toBe(0);
    // Nor does it come back on the next page load: it asks again after the next login.
    await b.goto('/');
    await b.page.waitForLoadState('networkidle');
    await b.goto('/member/center');
    await b.page.waitForLoadState('networkidle');
    expect(await attestation(b.page).count(), 'the popup stays closed after a reload').toBe(0);
  });
});

describe('popups on the home page', () => {
  it('the attestation popup opens alone: the promotion never covers it, nor follows it on that visit', async () => {
    const user = await registerUser(s.server);
    // The page's timers run on a clock the test can move (it flows as usual until then).
    await b.page.clock.install();
    await signInWith(b.page, user.tokens, '/');
    const modal = await opened(attestation(b.page));
    // The promotion takes its turn on a timer, a beat (600 ms) after the page settles, unless another popup is open.
    // Instead of waiting a while, ten seconds of the page's time pass at once: every timer the page has armed fires
    // now, the promotion's among them had it been armed.
    await b.page.clock.runFor(10_000);
    expect(await b.page.getByRole('dialog').count(), 'one popup at a time').toBe(1);
    await expectSettled(modal);
    await modal.getByRole('button', { name: '稍后完善' }).click();
    await modal.waitFor({ state: 'hidden' });
    await b.page.clock.runFor(10_000);
    expect(await b.page.getByRole('dialog').count(), 'the promotion waits for another visit').toBe(0);
    // And it did not open at any moment of that visit: a popup that opens marks the day as seen, and the promotion
    // shows at most once a day, so it is still due on the next visit (where the attestation stays away until the
    // next login) and opens there.
    await b.goto('/');
    const promo = await opened(b.page.getByRole('dialog'));
    await expect.poll(() => b.page.evaluate(() => localStorage.getItem('promoSeen'))).not.toBeNull();
    expect(await attestation(b.page).count(), 'the attestation stays away until the next login').toBe(0);
    await promo.getByRole('button', { name: /close|关闭/i }).click();
    await promo.waitFor({ state: 'hidden' });
  });
});

describe('member center', () => {
  it('shows the account, the invite code and link, and the pages behind the menu', async () => {
    const user = await registerUser(s.server);
    await addAddress(s.baseUrl, user.tokens.token);
    const { inviteCode } = (await userInfo(s.baseUrl, user.tokens.token)).userInfo;
    await signInWith(b.page, user.tokens, '/member/center');
    // The account is the phone here, masked wherever it is shown.
    await b.page.locator('main h1', { hasText: shownAccount(user.phone) }).waitFor({ state: 'visible' });
    expect(await b.page.locator('main').innerText()).not.toContain(user.phone);
    expect((await b.page.locator('[data-testid=invite-code]').innerText()).trim()).toBe(inviteCode);
    expect((await b.page.locator('[data-testid=invite-link]').innerText()).trim()).toBe(`${s.baseUrl}/invited/${inviteCode}`);
    await screenshotAtWidths(b.page, 'accounts', 'member-center');

    // The side menu lists spec §2's member entries in order (/member itself opens 会员中心 at /member/center).
    const menu = b.page.getByRole('complementary', { name: '会员中心菜单' });
    const links = await menu.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    expect(links.slice(0, SPEC_MEMBER_MENU.length)).toEqual(
      SPEC_MEMBER_MENU.map(([path, label]) => [label, path === '/member' ? '/member/center' : path]),
    );
    // Then the pages a customer comes back to (issue 21): messages, bookings, samples, demands and contracts.
    expect(links.slice(SPEC_MEMBER_MENU.length)).toEqual([
      ['我的消息', '/member/message'],
      ['我的预约', '/member/reservation'],
      ['我的样品', '/member/sample'],
      ['实验需求', '/experiment/demand'],
      ['合同管理', '/experiment/contract'],
    ]);
    // Every entry opens its page: 推广中心, the last one built (issue 10), offers the application.
    await menu.getByRole('link', { name: '推广中心' }).click();
    await expectPath(b.page, '/member/promotion');
    await b.page
      .locator('main')
      .getByRole('button', { name: /提交申请/ })
      .waitFor({ state: 'visible' });
  });
});

describe('addresses', () => {
  it('adds an address, moves the default to it, and deletes the other after a confirm', async () => {
    const user = await registerUser(s.server);
    await addAddress(s.baseUrl, user.tokens.token, { name: '王五', address: '东长安街1号' });
    await signInWith(b.page, user.tokens, '/member/address');
    await expect.poll(() => items(b.page).count()).toBe(1);
    expect(await defaultTags(items(b.page).first())).toBe(1);

    // Add
    await b.page.getByRole('button', { name: '新增地址' }).click();
    const dialog = dialogTitled(b.page, '新增地址');
    await opened(dialog);
    expect(await field(dialog, '手机').inputValue(), 'the account phone is filled in').toBe(user.phone);
    await screenshotAtWidths(b.page, 'accounts', 'address-dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expectFieldErrors(dialog, expect.arrayContaining(['[姓名]不能为空', '[详细地址]不能为空']));
    await field(dialog, '姓名').fill('赵六');
    await field(dialog, '详细地址').fill('南京东路100号');
    // Another region through the searchable picker.
    await field(dialog, '所在地区').fill('黄浦');
    const option = b.page.getByRole('menuitemcheckbox', { name: /黄浦区/ }).first();
    await option.waitFor({ state: 'visible' });
    await expectSettled(b.page.getByRole('menu').filter({ has: option }));
    await option.click();
    await b.page.getByRole('menu').filter({ has: option }).waitFor({ state: 'hidden' });
    // The picker shows the chosen region, and the typed address is still there.
    await dialog
      .getByText(/上海市\s*\/\s*上海市\s*\/\s*黄浦区/)
      .filter({ visible: true })
      .first()
      .waitFor();
    await expect.poll(() => field(dialog, '详细地址').inputValue()).toBe('南京东路100号');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toast(b.page, '操作成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => items(b.page).count()).toBe(2);
    const added = items(b.page).filter({ hasText: '赵六' });
    // Each place says its city once: 上海市 and 北京市 are provinces and cities both.
    expect(await added.innerText()).toContain('上海市黄浦区南京东路100号');
    expect((await added.innerText()).match(/上海市/g)).toHaveLength(1);
    const beijing = await items(b.page).filter({ hasText: '王五' }).innerText();
    expect(beijing).toContain('北京市东城区东长安街1号');
    expect(beijing.match(/北京市/g)).toHaveLength(1);
    expect(await defaultTags(added)).toBe(0);

    // Default moves to the new one.
    await added.getByRole('button', { name: '设为默认' }).click();
    await expect.poll(() => defaultTags(added)).toBe(1);
    await expect.poll(() => defaultTags(items(b.page).filter({ hasText: '王五' }))).toBe(0);

    await screenshotAtWidths(b.page, 'accounts', 'addresses');

    // Delete, after a confirm
    await items(b.page)
      .filter({ hasText: '王五' })
      .getByRole('button', { name: /删\s*除/ })
      .click();
    const confirm = b.page.getByRole('tooltip').filter({ hasText: '确定删除该地址吗？' });
    // Pressed once the popover has stopped growing (a press mid-animation went nowhere on CI: both addresses stayed).
    await (await opened(confirm)).getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => items(b.page).count()).toBe(1);
    expect(await items(b.page).first().innerText()).toContain('赵六');

    const api = await userInfo(s.baseUrl, user.tokens.token);
    expect(api.address.map((a) => [a.name, a.address_code, a.default])).toEqual([['赵六', '310101', true]]);
  });

  it('a 海淀 address left under the default 东城区 is questioned before saving; 改选 fixes the region', async () => {
    const user = await registerUser(s.server);
    await addAddress(s.baseUrl, user.tokens.token, { name: '王五', address: '东长安街1号' });
    await signInWith(b.page, user.tokens, '/member/address');
    await expect.poll(() => items(b.page).count()).toBe(1);
    await b.page.getByRole('button', { name: '新增地址' }).click();
    const dialog = dialogTitled(b.page, '新增地址');
    await opened(dialog);
    // Spec §9: the picker starts at 110101, and stays there.
    await dialog
      .getByText(/北京市\s*\/\s*北京市\s*\/\s*东城区/)
      .filter({ visible: true })
      .first()
      .waitFor();
    await field(dialog, '姓名').fill('钱七');
    await field(dialog, '详细地址').fill('北京市海淀区中关村南大街5号');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const question = dialog.getByRole('alert').filter({ hasText: '请核对' });
    await question.waitFor({ state: 'visible' });
    expect(await question.innerText()).toContain('「海淀区」');
    await screenshotAtWidths(b.page, 'accounts', 'address-region-check');
    expect((await userInfo(s.baseUrl, user.tokens.token)).address, 'nothing saved yet').toHaveLength(1);
    await question.getByRole('button', { name: '改选海淀区' }).click();
    await dialog
      .getByText(/北京市\s*\/\s*北京市\s*\/\s*海淀区/)
      .filter({ visible: true })
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toast(b.page, '操作成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await userInfo(s.baseUrl, user.tokens.token)).address.find((a) => a.name === '钱七');
    expect(saved).toMatchObject({ area: '海淀区', address_code: '110108' });
  });

  it('编辑 opens the dialog with that address filled in, also after the add dialog was used, and saves the change', async () => {
    const user = await registerUser(s.server);
    await addAddress(s.baseUrl, user.tokens.token, { name: '王五', phone: '13800000000', address: '东长安街1号' });
    await signInWith(b.page, user.tokens, '/member/address');
    const item = items(b.page).filter({ hasText: '王五' });
    await item.waitFor({ state: 'visible' });
    const edit = dialogTitled(b.page, '编辑地址');
    const add = dialogTitled(b.page, '新增地址');
    const shown = async () => ({
      name: await field(edit, '姓名').inputValue(),
      phone: await field(edit, '手机').inputValue(),
      address: await field(edit, '详细地址').inputValue(),
    });
    const expected = { name: '王五', phone: '13800000000', address: '东长安街1号' };

    // First open on a fresh page.
    await item.getByRole('button', { name: /编\s*辑/ }).click();
    await edit.waitFor({ state: 'visible' });
    expect(await shown(), 'edit dialog, first open').toEqual(expected);
    await expectSettled(edit);
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await edit.waitFor({ state: 'hidden' });

    // After the add dialog has been opened and closed.
    await b.page.getByRole('button', { name: '新增地址' }).click();
    await add.waitFor({ state: 'visible' });
    await expectSettled(add);
    await add.getByRole('button', { name: /取\s*消/ }).click();
    await add.waitFor({ state: 'hidden' });
    await item.getByRole('button', { name: /编\s*辑/ }).click();
    await edit.waitFor({ state: 'visible' });
    expect(await shown(), 'edit dialog, opened after 新增地址').toEqual(expected);

    await field(edit, '详细地址').fill('王府井大街2号');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await toast(b.page, '操作成功!').first().waitFor({ state: 'visible' });
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => item.innerText()).toContain('王府井大街2号');
    const api = await userInfo(s.baseUrl, user.tokens.token);
    expect(api.address.map((a) => [a.name, a.phone, a.address])).toEqual([['王五', '13800000000', '王府井大街2号']]);
  });
});

describe('change phone (ADR 0021)', () => {
  it('asks to prove the account first (current password or a code to the current phone), then the new phone and its code', async () => {
    const user = await s.registeredAccount();
    await addAddress(s.baseUrl, user.tokens.token);
    await signInWith(b.page, user.tokens, '/member/information');
    const form = b.page.getByRole('form', { name: '更换手机号' });
    await form.waitFor({ state: 'visible' });
    // 验证身份 starts on the current password.
    expect(await form.getByRole('radio', { name: '当前密码' }).isChecked()).toBe(true);
    await form.getByPlaceholder('请输入当前登录密码').waitFor({ state: 'visible' });

    await form.getByText('当前手机验证码', { exact: true }).first().click();
    const currentCode = form.getByPlaceholder('发送到当前手机号的验证码');
    await currentCode.waitFor({ state: 'visible' });
    const sendButtons = form.getByRole('button', { name: '获取验证码' });
    let mark = await outboxMark(s.server);
    await sendButtons.first().click();
    await toast(b.page, '验证码已发送至当前手机号!').first().waitFor({ state: 'visible' });
    await currentCode.fill(await smsCodeFor(s.server, user.phone, 'currentPhone', mark));

    const number = newPhone();
    await form.getByPlaceholder('请输入新手机号').fill(number);
    mark = await outboxMark(s.server);
    // The current phone's button now counts down; the new phone's is the one left.
    await sendButtons.last().click();
    await toast(b.page, '验证码已发送!').first().waitFor({ state: 'visible' });
    await form.getByPlaceholder('发送到新手机号的验证码').fill(await smsCodeFor(s.server, number, 'contact', mark));
    await form.getByRole('button', { name: '更换手机号' }).click();
    await toast(b.page, '手机号已更换，其他设备上的登录已退出').first().waitFor({ state: 'visible' });

    const token = await storedToken(b.page);
    expect((await userInfo(s.baseUrl, token!.access)).userInfo.phone, 'this device stays signed in, on the new phone').toBe(number);
    // The password now goes with the new phone only.
    expect((await call(s.baseUrl, 'login', { account: user.phone, password: user.password })).code).not.toBe(1);
    expect((await call(s.baseUrl, 'login', { account: number, password: user.password })).code).toBe(1);
  });
});
