import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryIn } from '@yance/contracts/endpoint';
import type { Endpoints } from '@yance/contracts/endpoints';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';

describe('staff list: search, role filter, sort, paging (issue 8)', () => {
  let t: TestApp;
  let admin: string;
  const list = async (query: QueryIn<Endpoints['staffList']>) => (await callApi(t, 'staffList', { token: admin, query })).body;
  const accounts = async (query: QueryIn<Endpoints['staffList']>) =>
    ((await list(query)).data.list as { account: string }[]).map((s) => s.account);

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await staffTokens(t, 'admin')).token;
    const add = (account: string, name: string, roles: ('lab' | 'operator')[]) =>
      callApi(t, 'staffAdd', {
        token: admin,
        body: { account, name, phone: '', email: 'x_y@yance-lab.cn', roles, password: 'Lab coat 2049!' },
      });
    await add('zeta.lab', '张实验', ['lab']);
    await add('alpha_op', '王运营', ['operator']);
  });
  afterAll(async () => t.close());

  it('searches account or name, any case, with LIKE characters taken literally', async () => {
    expect(await accounts({ kw: 'ZETA' })).toEqual(['zeta.lab']);
    expect(await accounts({ kw: '王运' })).toEqual(['alpha_op']);
    expect(await accounts({ kw: '_op' })).toEqual(['alpha_op']);
    expect(await accounts({ kw: '%' })).toEqual([]);
  });

  it('filters by role and sorts by account or by when added', async () => {
    expect(await accounts({ role: 'lab' })).toEqual(['lab', 'zeta.lab']);
    const all = await accounts({ sort: 'account', pageSize: 50 });
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
    expect(await accounts({ sort: '-createdAt', pageSize: 2 })).toEqual(['alpha_op', 'zeta.lab']);
    const page2 = await list({ sort: 'createdAt', page: 2, pageSize: 2 });
    expect(page2.data).toMatchObject({ page: 2, pageSize: 2, total: all.length });
  });

  it('shows phone and e-mail for the edit form; refuses an unknown role or sort with a clear message', async () => {
    const [row] = (await list({ kw: 'zeta' })).data.list;
    expect(row).toMatchObject({ phone: '', email: 'x_y@yance-lab.cn' });
    expect((await callApi(t, 'staffList', { token: admin, query: { role: 'boss' as never } })).body.msg).toBe('[角色]不存在');
    expect((await callApi(t, 'staffList', { token: admin, query: { sort: 'id' as never } })).body.msg).toBe('[排序]不存在');
  });
});
