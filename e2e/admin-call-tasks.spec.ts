import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '@yance/contracts/catalog';
import type { OrderDetail } from '@yance/contracts/order';
import { addAddress, attestStudent, call, registerUser, toast, useServer } from './support/accounts.ts';
import { searchDevices } from './support/api.ts';
import { useBrowser } from './support/browser.ts';
import { opened } from './support/page-checks.ts';
import { screenshotAtWidths } from './support/screenshot.ts';
import { button, signInToConsole, staffCall, staffToken } from './support/staff.ts';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';

/** The service agreement an institution ticks with its order (ADR 0070). */
const AGREEMENT_VERSION = DEFAULT_SERVICE_AGREEMENT.version;

const SPEC = 'admin-call-tasks';
const s = useServer();
const b = useBrowser(undefined, SPEC, { baseUrl: () => s.baseUrl });

describe('the manager’s call after receipt (ADR 0046)', () => {
  it('a received order waits on the manager’s dashboard; 已致电 takes it off and writes the timeline', async () => {
    const user = await registerUser(s.server);
    const token = user.tokens.token;
    await attestStudent(s.baseUrl, token);
    await addAddress(s.baseUrl, token);
    const item = (await searchDevices(s.baseUrl, { pageSize: 30 })).list.find(
      (d: DeviceSummary) => d.price_fen > 0 && d.unit === 'sample' && d.type_id === 1,
    )!;
    const line = await call<{ id: number }>(s.baseUrl, 'planAdd', { rid: item.rid, count: 1, choices: {} }, { token });
    const placed = await call<{ id: number; no: string }>(
      s.baseUrl,
      'orderAdd',
      {
        delivery: 0,
        agreementVersion: AGREEMENT_VERSION,
        lines: [{ planId: line.data.id, samples: [{ name: '石墨烯粉末', count: 1, form: 'powder', hazards: [], returnSample: false }] }],
      },
      { token },
    );
    expect(placed.code, placed.msg).toBe(1);
    await staffCall(s.baseUrl, 'adminOrderReceive', await staffToken(s.baseUrl, 'lab'), { id: placed.data.id, expect: 'awaitingSample' });

    const page = b.page;
    await signInToConsole(page, (p) => b.goto(p), 'manager');
    const tasks = page.getByTestId('call-tasks');
    const row = tasks.locator('.ant-table-row').filter({ hasText: placed.data.no });
    await row.waitFor();
    expect(await row.innerText()).toContain(user.phone);
    expect(await row.getByRole('link', { name: user.phone }).getAttribute('href')).toBe(`tel:${user.phone}`);
    await screenshotAtWidths(page, SPEC, 'dashboard');
    await button(row, '已致电').click();
    const confirm = await opened(page.locator('.ant-popconfirm').filter({ hasText: '确认已致电客户？' }));
    await button(confirm, '已致电').click();
    await toast(page, `已记录对订单 ${placed.data.no} 的致电`).first().waitFor();
    await row.waitFor({ state: 'detached' });

    const detail = await call<OrderDetail>(s.baseUrl, 'orderDetail', { id: placed.data.id }, { token });
    expect(detail.data.timeline.map((e) => e.label)).toContain('客户经理已致电');
  });
});
