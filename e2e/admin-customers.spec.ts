import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CustomerSummary, ManagerOption } from '@yance/contracts/customer';
import type { Page as ListPage } from '@yance/contracts/paging';
import { DEMO_STAFF_PASSWORD } from '@yance/contracts/staff';
import { addAddress, call, userInfo, useServer, type TestUser } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { adminSession, button, staffCall } from './support/staff.ts';

const SPEC = 'admin-customers';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const SECOND = { account: 'manager.two', name: '周经理', password: 'Lab coat 2049!' };
const REASON = '单位名称与营业执照不一致，请按执照填写';

async function signIn(page: Page, account: string, password: string) {
  await b.goto('/admin/login');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await button(page, '登录').click();
  await page.getByTestId('staff-name').waitFor();
}

/** Set by the first test: the customer, their id, and the managers who own them and who do not. */
let customer: TestUser;
let customerId: number;
let owner: ManagerOption;
let other: ManagerOption;
const passwordOf = (m: ManagerOption) => (m.account === SECOND.account ? SECOND.password : DEMO_STAFF_PASSWORD);

describe('customers in the console', () => {
  it('the owning manager finds a pending attestation from the dashboard, rejects it with a reason the customer reads, disables and enables', async () => {
    const admin = await adminSession(s.baseUrl);
    await staffCall(s.baseUrl, 'staffAdd', admin, { ...SECOND, phone: '', email: '', roles: ['manager'] });
    customer = await s.registeredAccount();
    const filled = await call(
      s.baseUrl,
      'update4profile',
      { name: '林晓', email: 'lin@example.edu.cn', organization: 2, company: '研测材料实验室', region: '110108', address: '双清路30号' },
      { token: customer.tokens.token },
    );
    expect(filled.code, filled.msg).toBe(1);
    await addAddress(s.baseUrl, customer.tokens.token);
    // Which manager the round robin gave them, as the API says.
    const [row] = (await staffCall<ListPage<CustomerSummary>>(s.baseUrl, 'customerList', admin, { phone: customer.phone })).list;
    expect(row).toMatchObject({ name: '林晓', attestation: 'pending' });
    customerId = row!.id;
    const managers = await staffCall<ManagerOption[]>(s.baseUrl, 'customerManagers', admin);
    owner = managers.find((m) => m.id === row!.managerId)!;
    other = managers.find((m) => m.id !== row!.managerId && !m.disabled)!;
    expect([owner?.account, other?.account].sort()).toEqual(['manager', SECOND.account]);

    const { page } = b;
    await signIn(page, owner.account, passwordOf(owner));
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['概览', '客户列表', '课题组', '订单列表', '定制需求', '评价管理']);
    await page.getByTestId('figure-pendingAttestations').getByRole('link', { name: '查看待审核的客户' }).click();
    await expectPath(page, '/admin/customers', '?attestation=pending');
    const listed = page.getByRole('row', { name: new RegExp(customer.phone) });
    await expect.poll(() => listed.innerText()).toMatch(/林晓[\s\S]*研测材料实验室[\s\S]*企业[\s\S]*待审核/);
    await screenshotAtWidths(page, SPEC, 'list');

    await listed.getByRole('link', { name: '林晓' }).click();
    await expectPath(page, `/admin/customers/${customerId}`);
    await expect.poll(() => page.getByTestId('customer-title').innerText()).toBe('林晓');
    await page.getByText('北京市 海淀区').waitFor();
    await page.getByText('北京市东城区东长安街1号').waitFor();
    // Registering signed them in: the first line of their login history.
    expect(await page.getByTestId('logins').innerText()).toMatch(/注册/);
    // Only an admin changes a customer's manager.
    expect(await page.getByRole('button', { name: '更换客户经理' }).count()).toBe(0);
    await screenshotAtWidths(page, SPEC, 'detail');

    await button(page, '驳回').click();
    // Pressed once the dialog has stopped zooming in (a press mid-animation can miss its button).
    const dialog = await opened(page.getByRole('dialog', { name: '驳回认证资料' }));
    await button(dialog, '驳回').click();
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['[原因]不能为空']);
    await dialog.getByLabel('驳回原因').fill(REASON);
    await button(dialog, '驳回').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('attestation-reason').innerText()).toBe(REASON);
    expect(await page.getByTestId('attestation-state').innerText()).toBe('未通过');
    expect((await userInfo(s.baseUrl, customer.tokens.token)).userInfo).toMatchObject({
      attestationState: 'rejected',
      attestationReason: REASON,
    });
    await screenshotAtWidths(page, SPEC, 'detail-rejected');

    await page.getByRole('button', { name: '停用客户' }).click();
    // Pressed once the confirm has stopped zooming in (a press mid-animation can miss its button).
    const confirm = await opened(page.getByRole('dialog').filter({ hasText: '停用客户 林晓' }));
    await expect.poll(() => confirm.innerText()).toContain('所有已登录的设备立即退出');
    await button(confirm, '停用').click();
    await page.getByRole('button', { name: '启用客户' }).waitFor();
    // Their session ended with the click.
    expect((await call(s.baseUrl, 'userInfo', {}, { token: customer.tokens.token })).code).not.toBe(1);
    await page.getByRole('button', { name: '启用客户' }).click();
    await button(await opened(page.getByRole('dialog').filter({ hasText: '启用客户 林晓' })), '启用').click();
    await page.getByRole('button', { name: '停用客户' }).waitFor();
  });

  it('another manager sees neither the customer in the list nor their page', async () => {
    const { page } = b;
    await signIn(page, other.account, passwordOf(other));
    await b.goto('/admin/customers');
    await page.getByText(/共 \d+ 位客户|还没有客户/).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(customer.phone) }).count()).toBe(0);
    await page.getByLabel('搜索客户').fill(customer.phone);
    await page.getByLabel('搜索客户').press('Enter');
    await page.getByText('没有符合条件的客户').waitFor();

    await b.goto(`/admin/customers/${customerId}`);
    await page.getByText('客户不存在', { exact: true }).waitFor();
    await screenshotAtWidths(page, SPEC, 'not-found', [375]);
  });
});
