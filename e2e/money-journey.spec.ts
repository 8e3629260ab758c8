import { describe, expect, it } from 'vitest';
import { ORGANIZATIONS } from '@yance/contracts/user';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { fitsWidth, opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrol } from './support/staff.ts';
import { apiOk, confirmedOrder, newKey, paidTopUp } from './support/money.ts';

// Issue 10's journey: a teacher's research group holds the money; a student settles two orders from it within
// the limit the teacher gave, then applies for an e-invoice of one of them.
const SPEC = 'money-journey';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

describe('money journey (issue 10)', () => {
  it('a student settles two orders from the research group’s balance within the teacher’s limit, then applies for an e-invoice', async () => {
    const teacher = await registerUser(s.server);
    apiOk(
      await call(
        s.baseUrl,
        'update4profile',
        {
          name: '韩老师',
          email: 'han@example.edu.cn',
          organization: ORGANIZATIONS.teacher,
          company: '清华大学化学系',
          region: '110108',
          address: '双清路30号',
        },
        { token: teacher.tokens.token },
      ),
    );
    await addAddress(s.baseUrl, teacher.tokens.token);
    const student = await registerUser(s.server);
    await attestStudent(s.baseUrl, student.tokens.token);
    await addAddress(s.baseUrl, student.tokens.token);

    // The teacher's group: ¥2 000 topped up online, ¥1 500 moved into the group, the student in it with ¥1 000.
    const group = apiOk(
      await call<{ id: number; name: string }>(
        s.baseUrl,
        'clusterAdd',
        { name: `韩老师课题组${Date.now() % 100000}`, institution: '清华大学化学系', description: '' },
        { token: teacher.tokens.token },
      ),
    );
    await paidTopUp(s.baseUrl, teacher, 200_000);
    apiOk(
      await call(
        s.baseUrl,
        'prestoreTransfer',
        { clusterId: group.id, direction: 'in', amountFen: 150_000, idempotencyKey: newKey() },
        { token: teacher.tokens.token },
      ),
    );
    const applied = apiOk(
      await call<{ mine: { memberId: number } }>(
        s.baseUrl,
        'clusterApply',
        { id: group.id, message: '韩老师的学生' },
        { token: student.tokens.token },
      ),
    );
    apiOk(await call(s.baseUrl, 'clusterAgree', { id: applied.mine.memberId, agree: true }, { token: teacher.tokens.token }));
    apiOk(await call(s.baseUrl, 'clusterAssign', { id: applied.mine.memberId, limitFen: 100_000 }, { token: teacher.tokens.token }));

    // Two of the cheapest priced item's orders, both 待结算.
    const item = (await searchDevices(s.baseUrl, { pageSize: 50 })).list
      .filter((d) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1)
      .sort((x, y) => x.price_fen - y.price_fen)[0]!;
    const lab = (await enrol(s.baseUrl, 'lab')).token;
    const orders = [await confirmedOrder(s.baseUrl, student, item.rid, lab), await confirmedOrder(s.baseUrl, student, item.rid, lab)];

    const page = b.page;
    await signInWith(page, student.tokens, '/member/unsettled');
    const cards = page.getByTestId('due-order');
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByRole('checkbox', { name: '全选' }).check();
    await button(page, '结算').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '结算订单' }));
    // 支付来源: the personal balance (empty) or the group, with what it offers the student.
    await dialog.getByText(`课题组「${group.name}」（可用 ¥1,000.00）`).click();
    await dialog.getByText('课题组可用').waitFor();
    await screenshotAtWidths(page, SPEC, 'settle-from-group');
    await button(dialog, '确认结算').click();
    await toast(page, '结算成功').waitFor();
    await page.getByText('暂无待结算订单').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    for (const o of orders)
      expect(apiOk(await call<{ state: string }>(s.baseUrl, 'orderDetail', { id: o.id }, { token: student.tokens.token })).state).toBe(
        'completed',
      );
    const funds = apiOk(
      await call<{ balanceFen: number; spentFen: number }>(
        s.baseUrl,
        'clusterFunds',
        { clusterId: group.id },
        { token: student.tokens.token },
      ),
    );
    expect(funds.spentFen).toBe(2 * item.price_fen);
    expect(funds.balanceFen).toBe(150_000 - 2 * item.price_fen);

    // 开票记录: an e-invoice title, then 申请开票 for the first order.
    apiOk(
      await call(
        s.baseUrl,
        'invoiceAdd',
        { kind: 1, holder: 'person', name: '王同学', email: 'wang@example.edu.cn' },
        { token: student.tokens.token },
      ),
    );
    await page.goto('/member/invoiceLs', { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await button(page, '申请开票').first().click();
    const apply = await opened(page.getByRole('dialog').filter({ hasText: '申请开票' }));
    await apply.getByTestId('invoiceable-order').filter({ hasText: orders[0]!.no }).getByRole('checkbox').check();
    expect(await apply.getByLabel('收票邮箱').inputValue()).toBe('wang@example.edu.cn');
    await button(apply, '提交申请').click();
    await toast(page, '开票申请已提交').waitFor();
    const detail = await opened(page.getByRole('dialog').filter({ hasText: '开票申请 FP' }));
    expect(await detail.innerText()).toContain(orders[0]!.no);
    expect(await detail.innerText()).toContain('申请中');
    await screenshotAtWidths(page, SPEC, 'invoice-applied');
    expect(b.pageErrors).toEqual([]);
  });
});
