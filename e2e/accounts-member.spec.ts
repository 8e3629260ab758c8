import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  addAddress,
  createAccount,
  errorTexts,
  openLogin,
  passwordLogin,
  signInWith,
  toast,
  userInfo,
  useServer,
} from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';

const s = useServer();
const b = useBrowser(undefined, 'accounts', { baseUrl: () => s.baseUrl });

const attestation = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '完善基本信息' }) });
/** A form item's control by its label. */
const field = (scope: Locator, label: string) => scope.locator('.ant-form-item').filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) });
const items = (page: Page) => page.locator('[data-testid=address-item]');
/** Waits until a modal has finished its opening animation (a click during the zoom can miss its button). */
const settled = (modal: Locator) => expect.poll(() => modal.getAttribute('class')).not.toMatch(/ant-zoom/);
/** The 默认 tag of an address item (not the 设为默认 button). */
const defaultTags = (item: Locator) => item.locator('.ant-tag', { hasText: '默认' }).count();

describe('attestation (spec §4)', () => {
  it('opens after the first login, checks the rules, and saves the profile with a first address', async () => {
    const user = await createAccount(s.baseUrl, s.db);
    await b.goto('/contact');
    await passwordLogin(await openLogin(b.page), user.phone, user.password);
    await toast(b.page, '登录成功!').first().waitFor({ state: 'visible' });

    const modal = attestation(b.page);
    await modal.waitFor({ state: 'visible' });
    await modal.getByText('未完善基本信息无法正常下单').waitFor({ state: 'visible' });
    // Spec §9: the region picker starts at 110101.
    expect(await field(modal, '所在地区').innerText()).toMatch(/北京市\s*\/\s*北京市\s*\/\s*东城区/);
    for (const label of ['姓名', '邮箱', '单位/公司', '详细地址']) await field(modal, label).waitFor({ state: 'visible' });
    await screenshotAtWidths(b.page, 'accounts', 'attestation');

    const submit = modal.getByRole('button', { name: /^提\s*交$/ });
    await submit.click();
    const empty = await errorTexts(modal);
    expect(empty).toEqual(expect.arrayContaining(['「姓名」不能为空', '「邮箱」不能为空', '「详细地址」不能为空']));

    await field(modal, '姓名').locator('input').fill('李雷');
    await field(modal, '邮箱').locator('input').fill('not-an-email');
    await modal.getByRole('radio', { name: '学生' }).check();
    await field(modal, '导师').waitFor({ state: 'visible' });
    await field(modal, '单位/公司').locator('input').fill('清华大学');
    await field(modal, '详细地址').locator('textarea').fill('双清路30号');
    await submit.click();
    // Students name their tutor (spec §5); the tutor's phone and e-mail are optional.
    expect(await errorTexts(modal)).toEqual(['「邮箱」格式不正确', '「导师」不能为空']);

    await field(modal, '邮箱').locator('input').fill('lilei@example.com');
    await field(modal, '导师').locator('input').fill('韩梅梅');
    await submit.click();
    await toast(b.page, '提交成功!').first().waitFor({ state: 'visible' });
    await modal.waitFor({ state: 'hidden' });

    const info = await userInfo(s.baseUrl, user.tokens.token);
    expect(info.userInfo).toMatchObject({ name: '李雷', email: 'lilei@example.com', organization: 0, company: '清华大学', teacher: '韩梅梅', region: '110101', attested: true });
    expect(info.address).toHaveLength(1);
    expect(info.address[0]).toMatchObject({ name: '李雷', phone: user.phone, province: '北京市', area: '东城区', address: '双清路30号', default: true });

    // The member center now says so, and the popup does not come back.
    await b.goto('/member/center');
    await b.page.locator('main').getByText('已完善').waitFor({ state: 'visible' });
    await b.page.waitForTimeout(800);
    expect(await attestation(b.page).count()).toBe(0);
  });

  it('稍后完善 closes it for now; the member pages keep the hint with a way to finish', async () => {
    const user = await createAccount(s.baseUrl, s.db);
    await signInWith(b.page, user.tokens, '/member/center');
    const modal = attestation(b.page);
    await modal.waitFor({ state: 'visible' });
    await modal.getByRole('button', { name: '稍后完善' }).click();
    await modal.waitFor({ state: 'hidden' });
    const hint = b.page.locator('main .ant-alert').filter({ hasText: '未完善基本信息无法正常下单' });
    await hint.waitFor({ state: 'visible' });
    await b.page.locator('main').getByText('未完善').first().waitFor();
    await hint.getByRole('button', { name: /立即完善/ }).click();
    await expectPath(b.page, '/member/information');
    await b.page.locator('main form[aria-label="基本信息"]').waitFor({ state: 'visible' });
    expect(await attestation(b.page).count(), 'the popup stays closed in this visit').toBe(0);
  });
});

describe('member center', () => {
  it('shows the account, the invite code and link, and coming-soon pages behind the menu', async () => {
    const user = await createAccount(s.baseUrl, s.db);
    await addAddress(s.baseUrl, user.tokens.token);
    const { inviteCode } = (await userInfo(s.baseUrl, user.tokens.token)).userInfo;
    await signInWith(b.page, user.tokens, '/member/center');
    await b.page.locator('main h1', { hasText: user.phone }).waitFor({ state: 'visible' });
    expect((await b.page.locator('[data-testid=invite-code]').innerText()).trim()).toBe(inviteCode);
    expect((await b.page.locator('[data-testid=invite-link]').innerText()).trim()).toBe(`${s.baseUrl}/invited/${inviteCode}`);
    // The phone is masked on screen.
    await b.page.locator('main').getByText(`${user.phone.slice(0, 3)}****${user.phone.slice(7)}`).waitFor();
    await screenshotAtWidths(b.page, 'accounts', 'member-center');

    await b.page.locator('aside[aria-label="会员中心菜单"]').getByRole('link', { name: '优惠券' }).click();
    await expectPath(b.page, '/member/coupon');
    await b.page.locator('main').getByText('功能即将上线').waitFor({ state: 'visible' });
  });
});

describe('addresses', () => {
  it('adds an address, moves the default to it, and deletes the other after a confirm', async () => {
    const user = await createAccount(s.baseUrl, s.db);
    await addAddress(s.baseUrl, user.tokens.token, { name: '王五', address: '东长安街1号' });
    await signInWith(b.page, user.tokens, '/member/address');
    await expect.poll(() => items(b.page).count()).toBe(1);
    expect(await defaultTags(items(b.page).first())).toBe(1);

    // Add
    await b.page.getByRole('button', { name: '新增地址' }).click();
    const dialog = b.page.locator('.ant-modal').filter({ has: b.page.locator('.ant-modal-title', { hasText: '新增地址' }) });
    await dialog.waitFor({ state: 'visible' });
    expect(await field(dialog, '手机').locator('input').inputValue(), 'the account phone is filled in').toBe(user.phone);
    await screenshotAtWidths(b.page, 'accounts', 'address-dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    expect(await errorTexts(dialog)).toEqual(expect.arrayContaining(['[姓名]不能为空', '[详细地址]不能为空']));
    await field(dialog, '姓名').locator('input').fill('赵六');
    // Another region through the searchable picker.
    await field(dialog, '所在地区').locator('input').fill('黄浦');
    await b.page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: '黄浦区' }).first().click();
    await field(dialog, '详细地址').locator('textarea').fill('南京东路100号');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toast(b.page, '操作成功!').first().waitFor({ state: 'visible' });
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => items(b.page).count()).toBe(2);
    const added = items(b.page).filter({ hasText: '赵六' });
    expect(await added.innerText()).toMatch(/上海市\s+上海市\s+黄浦区\s+南京东路100号/);
    expect(await defaultTags(added)).toBe(0);

    // Default moves to the new one.
    await added.getByRole('button', { name: '设为默认' }).click();
    await expect.poll(() => defaultTags(added)).toBe(1);
    await expect.poll(() => defaultTags(items(b.page).filter({ hasText: '王五' }))).toBe(0);

    await screenshotAtWidths(b.page, 'accounts', 'addresses');

    // Delete, after a confirm
    await items(b.page).filter({ hasText: '王五' }).getByRole('button', { name: /删\s*除/ }).click();
    const confirm = b.page.locator('.ant-popconfirm:visible');
    await confirm.getByText('确定删除该地址吗？').waitFor({ state: 'visible' });
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await expect.poll(() => items(b.page).count()).toBe(1);
    expect(await items(b.page).first().innerText()).toContain('赵六');

    const api = await userInfo(s.baseUrl, user.tokens.token);
    expect(api.address.map((a) => [a.name, a.address_code, a.default])).toEqual([['赵六', '310101', true]]);
  });

  it('编辑 opens the dialog with that address filled in, also after the add dialog was used, and saves the change', async () => {
    const user = await createAccount(s.baseUrl, s.db);
    await addAddress(s.baseUrl, user.tokens.token, { name: '王五', phone: '13800000000', address: '东长安街1号' });
    await signInWith(b.page, user.tokens, '/member/address');
    const item = items(b.page).filter({ hasText: '王五' });
    await item.waitFor({ state: 'visible' });
    const edit = b.page.locator('.ant-modal').filter({ has: b.page.locator('.ant-modal-title', { hasText: '编辑地址' }) });
    const add = b.page.locator('.ant-modal').filter({ has: b.page.locator('.ant-modal-title', { hasText: '新增地址' }) });
    const shown = async () => ({
      name: await field(edit, '姓名').locator('input').inputValue(),
      phone: await field(edit, '手机').locator('input').inputValue(),
      address: await field(edit, '详细地址').locator('textarea').inputValue(),
    });
    const expected = { name: '王五', phone: '13800000000', address: '东长安街1号' };

    // First open on a fresh page.
    await item.getByRole('button', { name: /编\s*辑/ }).click();
    await edit.waitFor({ state: 'visible' });
    expect(await shown(), 'edit dialog, first open').toEqual(expected);
    await settled(edit);
    await edit.getByRole('button', { name: /取\s*消/ }).click();
    await edit.waitFor({ state: 'hidden' });

    // After the add dialog has been opened and closed.
    await b.page.getByRole('button', { name: '新增地址' }).click();
    await add.waitFor({ state: 'visible' });
    await settled(add);
    await add.getByRole('button', { name: /取\s*消/ }).click();
    await add.waitFor({ state: 'hidden' });
    await item.getByRole('button', { name: /编\s*辑/ }).click();
    await edit.waitFor({ state: 'visible' });
    expect(await shown(), 'edit dialog, opened after 新增地址').toEqual(expected);

    await field(edit, '详细地址').locator('textarea').fill('王府井大街2号');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await toast(b.page, '操作成功!').first().waitFor({ state: 'visible' });
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => item.innerText()).toContain('王府井大街2号');
    const api = await userInfo(s.baseUrl, user.tokens.token);
    expect(api.address.map((a) => [a.name, a.phone, a.address])).toEqual([['王五', '13800000000', '王府井大街2号']]);
  });
});
