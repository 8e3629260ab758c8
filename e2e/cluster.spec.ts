import { describe, expect, it } from 'vitest';
import { CLUSTER_REFUSED } from '@yance/contracts/cluster';
import { ORGANIZATIONS } from '@yance/contracts/user';
import { addAddress, attestStudent, call, registerUser, signInWith, toast, useServer, type TestUser } from './support/accounts.ts';
import { useBrowser, waitForApp } from './support/browser.ts';
import { fitsWidth, opened } from './support/page-checks.ts';
import { paidTopUp } from './support/money.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, enrolStaffTotp, signInToConsole, totpCode } from './support/staff.ts';

const SPEC = 'cluster';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

const GROUP = '纳米催化课题组';
const MESSAGE = '韩老师您好，我是李雷，需要在组里测XRD。';

let teacher: TestUser;
let student: TestUser;

/** No horizontal scroll: the page is no wider than the window. */

/** A customer attested as a teacher (organization 3) with an address, so no attestation popup opens. */
async function attestTeacher(token: string): Promise<void> {
  const profile = await call(
    s.baseUrl,
    'update4profile',
    {
      name: '韩梅梅',
      email: 'hanmeimei@example.edu.cn',
      organization: ORGANIZATIONS.teacher,
      company: '清华大学化学系',
      region: '110108',
      address: '双清路30号',
    },
    { token },
  );
  expect(profile.code, profile.msg).toBe(1);
  await addAddress(s.baseUrl, token);
}

describe('research groups (issue 10, ADR 0051)', () => {
  it('a teacher creates a group on 课题组管理', async () => {
    teacher = await registerUser(s.server);
    await attestTeacher(teacher.tokens.token);
    const page = b.page;
    await signInWith(page, teacher.tokens, '/member/communityMg');
    await page.getByRole('heading', { name: '课题组管理' }).waitFor();
    await button(page, '创建课题组').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '创建课题组' }));
    // The contract's rule, before anything is sent.
    await button(dialog, '创建').click();
    await dialog.getByText('[课题组名称]不能为空').waitFor();
    await dialog.getByLabel('课题组名称').fill(GROUP);
    await dialog.getByLabel('所属单位').fill('清华大学化学系');
    await dialog.getByLabel('课题组简介').fill('负载型金属催化剂的合成与表征。');
    await button(dialog, '创建').click();
    await toast(page, '课题组已创建').waitFor();
    const group = page.getByTestId('owned-group').filter({ hasText: GROUP });
    await group.waitFor();
    expect(await group.getByTestId('member').innerText()).toMatch(/韩梅梅[\s\S]*负责人[\s\S]*¥0\.00/);
    await screenshotAtWidths(page, SPEC, 'manage-created');
    expect(await fitsWidth(page)).toBe(true);
  });

  it('a student finds it on 加入的课题组 and applies with a message', async () => {
    student = await registerUser(s.server);
    await attestStudent(s.baseUrl, student.tokens.token);
    await addAddress(s.baseUrl, student.tokens.token);
    const page = b.page;
    // A student may not create one: the page says why and where to change it.
    await signInWith(page, student.tokens, '/member/communityMg');
    await page.getByText(CLUSTER_REFUSED.notTeacher).waitFor();
    expect(await button(page, '创建课题组').isDisabled()).toBe(true);
    await screenshotAtWidths(page, SPEC, 'manage-student');
    await page.getByRole('link', { name: '「加入的课题组」' }).click();
    await page.getByText('您还没有加入课题组').waitFor();
    const search = page.getByRole('searchbox', { name: '搜索课题组' });
    await search.fill('纳米催化');
    await search.press('Enter');
    const found = page.getByTestId('found-group').filter({ hasText: GROUP });
    await found.waitFor();
    expect(await found.innerText()).toMatch(/清华大学化学系[\s\S]*负责人 韩梅梅[\s\S]*1 名成员/);
    await button(found, '申请加入').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: `申请加入「${GROUP}」` }));
    await dialog.getByLabel('申请留言').fill(MESSAGE);
    await button(dialog, '提交申请').click();
    await toast(page, '申请已提交，请等待负责人审核').waitFor();
    await found.getByText('已申请，待审核').waitFor();
    await page.getByTestId('joined-group').filter({ hasText: GROUP }).getByText('待审核').waitFor();
    await screenshotAtWidths(page, SPEC, 'join-applied');
    expect(await fitsWidth(page)).toBe(true);
  });

  it('the teacher agrees and sets the student’s limit; the student sees it on the joined list', async () => {
    const page = b.page;
    await signInWith(page, teacher.tokens, '/member/communityMg');
    const group = page.getByTestId('owned-group').filter({ hasText: GROUP });
    const application = group.getByTestId('application');
    await application.waitFor();
    expect(await application.innerText()).toContain(MESSAGE);
    expect(await application.innerText()).toContain(`${student.phone.slice(0, 3)}****${student.phone.slice(7)}`);
    await screenshotAtWidths(page, SPEC, 'manage-application');
    await button(application, '同意').click();
    await toast(page, /已同意 李雷 加入/).waitFor();
    await application.waitFor({ state: 'detached' });
    const member = group.getByTestId('member').filter({ hasText: '李雷' });
    await member.waitFor();
    await button(member, '设置额度').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: '设置消费额度' }));
    await dialog.getByLabel('消费额度（元）').fill('2000');
    await button(dialog, '保存').click();
    await toast(page, '额度已保存').waitFor();
    await expect.poll(() => member.innerText()).toContain('¥2,000.00');
    expect(await group.innerText()).toContain('2 名成员');
    await screenshotAtWidths(page, SPEC, 'manage-members');
    expect(await fitsWidth(page)).toBe(true);

    await signInWith(page, student.tokens, '/member/communityJn');
    const joined = page.getByTestId('joined-group').filter({ hasText: GROUP });
    await joined.getByText('成员', { exact: true }).waitFor();
    expect(await joined.innerText()).toContain('我的消费额度 ¥2,000.00');
    const messages = await call<{ list: { kind: string; title: string }[] }>(s.baseUrl, 'messageList', {}, { token: student.tokens.token });
    expect(messages.data.list.map((m) => [m.kind, m.title])).toEqual([
      ['cluster', '课题组消费额度已调整'],
      ['cluster', '入组申请已通过'],
    ]);
    await screenshotAtWidths(page, SPEC, 'join-member');
  });

  it('the owner moves money into the group on 课题组管理 and back on 预存中心; the member sees what is really available (issue 21)', async () => {
    await paidTopUp(s.baseUrl, teacher, 100_000);
    const page = b.page;
    // Before: the member's ¥2 000 limit on an empty group is ¥0 available.
    await signInWith(page, student.tokens, '/member/communityJn');
    const funds = page.getByTestId('joined-group').filter({ hasText: GROUP }).getByTestId('member-funds');
    await expect.poll(() => funds.innerText()).toContain('课题组余额 ¥0.00 · 当前可用 ¥0.00');

    await signInWith(page, teacher.tokens, '/member/communityMg');
    const group = page.getByTestId('owned-group').filter({ hasText: GROUP });
    const balance = group.getByTestId('group-balance');
    await expect.poll(() => balance.innerText()).toContain('¥0.00');
    await button(balance, '转入余额').click();
    const dialog = await opened(page.getByRole('dialog').filter({ hasText: `课题组「${GROUP}」转账` }));
    await expect.poll(() => dialog.getByTestId('group-transfer-facts').innerText()).toMatch(/我的预存余额\s*¥1,020\.00/);
    await dialog.getByLabel('转账金额').fill('1200');
    await button(dialog, '转入课题组').click();
    await dialog.getByText('预存余额不足，请先充值').waitFor();
    await dialog.getByLabel('转账金额').fill('800');
    await screenshotAtWidths(page, SPEC, 'transfer-dialog');
    await button(dialog, '转入课题组').click();
    await toast(page, '已转入课题组，课题组余额 ¥800.00').waitFor();
    await expect.poll(() => balance.innerText()).toContain('¥800.00');
    await screenshotAtWidths(page, SPEC, 'manage-funds');
    expect(await fitsWidth(page)).toBe(true);

    await signInWith(page, student.tokens, '/member/communityJn');
    await expect.poll(() => funds.innerText()).toContain('课题组余额 ¥800.00 · 当前可用 ¥800.00');

    await signInWith(page, teacher.tokens, '/member/prestore');
    const card = page.getByTestId('group-funds');
    await expect.poll(() => card.innerText()).toMatch(new RegExp(`${GROUP}[\\s\\S]*课题组余额 ¥800\\.00`));
    await button(card, '转回预存').click();
    const back = await opened(page.getByRole('dialog').filter({ hasText: `课题组「${GROUP}」转账` }));
    await back.getByLabel('转账金额').fill('300');
    await button(back, '转回预存').click();
    await toast(page, '已转回预存余额，预存余额 ¥520.00').waitFor();
    await expect.poll(() => card.innerText()).toContain('课题组余额 ¥500.00');
    await screenshotAtWidths(page, SPEC, 'prestore-group-funds');
    expect(await fitsWidth(page)).toBe(true);
  });

  it('finance reads the group and its members in the console’s 课题组 room', async () => {
    const secret = await enrolStaffTotp(s.baseUrl, 'finance');
    const page = b.page;
    await signInToConsole(
      page,
      async (p) => {
        await page.goto(p, { waitUntil: 'domcontentloaded' });
        await waitForApp(page);
      },
      'finance',
      await totpCode(secret, 30),
    );
    await page.getByRole('menuitem', { name: '课题组' }).click();
    await page.waitForURL('**/admin/clusters');
    const row = page.locator('.ant-table-row').filter({ hasText: GROUP });
    await row.waitFor();
    expect(await row.innerText()).toContain(teacher.phone);
    await screenshotAtWidths(page, SPEC, 'console-list');
    await row.getByRole('link', { name: GROUP }).click();
    await page.getByTestId('cluster-title').filter({ hasText: GROUP }).waitFor();
    const members = page.locator('.ant-table-row');
    await expect.poll(() => members.count()).toBe(2);
    expect(await members.nth(1).innerText()).toMatch(/李雷[\s\S]*成员[\s\S]*¥2,000\.00/);
    await screenshotAtWidths(page, SPEC, 'console-detail');

    // 课题组入账: a bank transfer received for the group (issue 21).
    await page.getByTestId('cluster-balance').filter({ hasText: '¥500.00' }).waitFor();
    await button(page, '课题组入账').click();
    const credit = await opened(page.getByRole('dialog').filter({ hasText: `课题组入账 · ${GROUP}` }));
    await button(credit, '确认入账').click();
    await credit.getByText('[银行流水号]不能为空').waitFor();
    await credit.getByLabel('入账金额（元）').fill('1000');
    await credit.getByLabel('银行流水号').fill('BOC20261128001');
    await screenshotAtWidths(page, SPEC, 'console-credit');
    await button(credit, '确认入账').click();
    await page.getByText('已入账').first().waitFor();
    await page.getByTestId('cluster-balance').filter({ hasText: '¥1,500.00' }).waitFor();
  });
});
