import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerAccount, ledgerEntry, topup } from '../src/db/schema.ts';
import { SHOP_ACCOUNT_KEYS } from '../src/modules/ledger/ledger.service.ts';
import type { TestApp } from './create-test-app.ts';
import { callApi, type TestUser } from './factories.ts';
import { orderingCustomer } from './order-factories.ts';
import { balance, moneyTestApp, newKey, postCallback, reconcile, topUpOnline, unsettledOrder } from './money-factories.ts';

// The prestore balance: top-ups (online, the local cashier, bank transfer), the ledger's own guards, the money
// settings and a research group's funds. Paying orders from it: money-orders.test.ts.
describe('the prestore ledger (ADR 0050)', () => {
  let t: TestApp, finance: string, lab: string, manager: string;
  beforeAll(async () => void ({ t, finance, lab, manager } = await moneyTestApp()));
  afterAll(async () => t.close());

  it('has every shop account from the migrations, so a posting finds it by key (SHOP_ACCOUNT_KEYS)', async () => {
    const rows = await t.db
      .select({ key: ledgerAccount.key, kind: ledgerAccount.kind, balanceFen: ledgerAccount.balanceFen })
      .from(ledgerAccount);
    const shop = rows.filter((r) => SHOP_ACCOUNT_KEYS.has(r.key));
    expect(shop.map((r) => r.key).sort()).toEqual([...SHOP_ACCOUNT_KEYS].sort());
    expect(shop.every((r) => r.balanceFen === null && r.key.split(':')[0] === r.kind)).toBe(true);
  });

  it('credits an online top-up once with its tier bonus as its own line; a forged or repeated callback credits nothing', async () => {
    const u = await orderingCustomer(t);
    const low = await callApi(t, 'prestoreAdd', {
      token: u.tokens.token,
      body: { method: 'online', gateway: 'local', amountFen: 50_000, idempotencyKey: newKey() },
    });
    expect(low.body).toMatchObject({ code: 0, msg: '[充值金额]不能低于¥1,000.00' });

    const { no, callback } = await topUpOnline(t, u, 500_000);
    // ¥5 000 reaches the 5 % tier: ¥250 bonus.
    expect(await balance(t, u)).toBe(525_000);
    const again = await postCallback(t, new URLSearchParams({ ...callback }).toString());
    expect(again.statusCode).toBe(200);
    expect(await balance(t, u)).toBe(525_000);
    const forged = await postCallback(t, new URLSearchParams({ ...callback, amount_fen: '900000' }).toString());
    expect(forged.statusCode).toBe(400);
    expect(await balance(t, u)).toBe(525_000);

    const statement = await callApi(t, 'prestoreList', { token: u.tokens.token, body: { page: 1, pageSize: 10 } });
    expect(statement.body.data.list.map((l) => [l.kind, l.amountFen, l.balanceAfterFen])).toEqual([
      ['topupBonus', 25_000, 525_000],
      ['topup', 500_000, 500_000],
    ]);
    const [row] = await t.db.select().from(topup).where(eq(topup.no, no));
    expect(row).toMatchObject({ state: 'credited', bonusFen: 25_000 });
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('the local cashier page is reached only by its keyed address, not by the sequential trade number', async () => {
    const u = await orderingCustomer(t);
    const added = await callApi(t, 'prestoreAdd', {
      token: u.tokens.token,
      body: { method: 'online', gateway: 'local', amountFen: 100_000, idempotencyKey: newKey() },
    });
    const { no } = added.body.data.topup;
    const start = added.body.data.start as { kind: 'redirect'; url: string };
    const [, path, key] = /^(\/pay\/local\/TU\d+)\/([A-Za-z0-9_-]{32})$/.exec(start.url) ?? [];
    expect(path).toBe(`/pay/local/${no}`);
    const info = (query: string) => t.app.inject({ method: 'GET', url: `/api/open/pay/local?${query}` });
    // The number alone (or with another trade's key, or a guess) finds nothing, as if there were no such trade.
    const other = await callApi(t, 'prestoreAdd', {
      token: u.tokens.token,
      body: { method: 'online', gateway: 'local', amountFen: 100_000, idempotencyKey: newKey() },
    });
    const otherKey = (other.body.data.start as { url: string }).url.split('/').pop()!;
    for (const query of [`no=${no}`, `no=${no}&key=`, `no=${no}&key=${otherKey}`, `no=${no}&key=${'A'.repeat(32)}`]) {
      const res = await info(query);
      expect([res.statusCode, res.json()], query).toEqual([404, { code: 404, msg: '支付单不存在', data: null }]);
    }
    // The keyed address shows the trade and its signed callback, which credits it.
    const page = await info(`no=${no}&key=${key}`);
    expect(page.statusCode).toBe(200);
    const { callback } = (page.json() as { data: { callback: Record<string, string> } }).data;
    expect((await postCallback(t, new URLSearchParams(callback).toString())).statusCode).toBe(200);
    expect(await balance(t, u)).toBeGreaterThanOrEqual(100_000);
    // 去支付 in the customer's own list opens the same keyed address, for a trade still unpaid only.
    const list = await callApi(t, 'prestoreTopups', { token: u.tokens.token, body: { page: 1, pageSize: 10 } });
    expect(list.body.data.list.map((e) => [e.no, e.payUrl])).toEqual([
      [other.body.data.topup.no, (other.body.data.start as { url: string }).url],
      [no, null],
    ]);
  });

  it('answers a repeated request with its first answer and moves nothing; the same key with another body is refused', async () => {
    const u = await orderingCustomer(t);
    const k = newKey();
    const body = { method: 'online' as const, gateway: 'local' as const, amountFen: 100_000, idempotencyKey: k };
    const [a, b] = await Promise.all([
      callApi(t, 'prestoreAdd', { token: u.tokens.token, body }),
      callApi(t, 'prestoreAdd', { token: u.tokens.token, body }),
    ]);
    expect(a.body.data.topup.no).toBe(b.body.data.topup.no);
    expect((await callApi(t, 'prestoreTopups', { token: u.tokens.token, body: { page: 1, pageSize: 10 } })).body.data.total).toBe(1);
    const other = await callApi(t, 'prestoreAdd', { token: u.tokens.token, body: { ...body, amountFen: 200_000 } });
    expect(other).toMatchObject({ status: 409, body: { msg: '该请求编号已用于另一笔操作，请刷新页面后重试' } });
  });

  it('a bank transfer waits for finance: confirm credits it, reject needs a reason; only finance may', async () => {
    const u = await orderingCustomer(t);
    const boundary = '----yanceReceipt';
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth/prestore/upload',
      headers: { token: u.tokens.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="回单.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
    });
    expect(up.statusCode).toBe(200);
    const receiptId = (JSON.parse(up.body) as { data: { id: string } }).data.id;
    const noPayer = await callApi(t, 'prestoreAdd', {
      token: u.tokens.token,
      body: { method: 'transfer', amountFen: 200_000, receiptId, idempotencyKey: newKey() },
    });
    expect(noPayer.body.msg).toBe('[付款户名]不能为空');
    const added = await callApi(t, 'prestoreAdd', {
      token: u.tokens.token,
      body: { method: 'transfer', amountFen: 200_000, payer: '某大学财务处', receiptId, idempotencyKey: newKey() },
    });
    const id = added.body.data.topup.id;
    expect(added.body.data).toMatchObject({ topup: { state: 'pending' }, start: null });
    expect(await balance(t, u)).toBe(0);

    const byManager = await callApi(t, 'adminTopupConfirm', { token: manager, body: { id, idempotencyKey: newKey() } });
    expect(byManager.status).toBe(403);
    const noReason = await callApi(t, 'adminTopupReject', { token: finance, body: { id, idempotencyKey: newKey() } });
    expect(noReason.body.msg).toBe('[驳回原因]不能为空');
    const confirmKey = newKey();
    const ok = await callApi(t, 'adminTopupConfirm', { token: finance, body: { id, note: '回单已核对', idempotencyKey: confirmKey } });
    expect(ok.body.data.state).toBe('credited');
    const repeat = await callApi(t, 'adminTopupConfirm', { token: finance, body: { id, note: '回单已核对', idempotencyKey: confirmKey } });
    expect(repeat.body.data.state).toBe('credited');
    // ¥2 000 reaches the 2 % tier.
    expect(await balance(t, u)).toBe(204_000);
    const late = await callApi(t, 'adminTopupReject', { token: finance, body: { id, note: '重复', idempotencyKey: newKey() } });
    expect(late.status).toBe(409);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.objectType, 'topup'));
    expect(audits.filter((a) => a.objectId === String(id)).map((a) => a.action)).toEqual(['topup.add', 'topup.confirm']);
    const receipt = await t.app.inject({ method: 'GET', url: `/api/admin/topup/receipt?id=${id}`, headers: { token: finance } });
    expect(receipt.statusCode).toBe(200);
  });

  it('the database refuses an unbalanced entry, a negative balance and a changed or deleted line', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        const [e] = await tx.insert(ledgerEntry).values({ kind: 'topup', memo: '不平衡', createdAt: new Date() }).returning();
        const [a] = await tx.select().from(ledgerAccount).limit(1);
        await tx.execute(
          sql`insert into ledger_line (entry_id, account_id, amount_fen, created_at) values (${e!.id}, ${a!.id}, 100, now())`,
        );
      }),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`update ledger_line set amount_fen = amount_fen + 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_line`)).rejects.toThrow();
    await expect(t.db.execute(sql`update ledger_account set balance_fen = -1 where balance_fen is not null`)).rejects.toThrow();
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('a research group: the owner moves money in, members settle within their limits, the group cannot close with money in it', async () => {
    const owner = await orderingCustomer(t, undefined, 3);
    const student = await orderingCustomer(t, undefined, 0);
    const outsider = await orderingCustomer(t, undefined, 0);
    const group = (
      await callApi(t, 'clusterAdd', {
        token: owner.tokens.token,
        body: { name: `资金课题组${Date.now()}`, institution: '某大学', description: '' },
      })
    ).body.data;
    const applied = await callApi(t, 'clusterApply', { token: student.tokens.token, body: { id: group.id, message: '' } });
    const memberId = applied.body.data.mine!.memberId;
    await callApi(t, 'clusterAgree', { token: owner.tokens.token, body: { id: memberId, agree: true } });
    await callApi(t, 'clusterAssign', { token: owner.tokens.token, body: { id: memberId, limitFen: 100_000 } });

    await topUpOnline(t, owner, 500_000);
    const move = (u: TestUser, direction: 'in' | 'out', amountFen: number, k = newKey()) =>
      callApi(t, 'prestoreTransfer', { token: u.tokens.token, body: { clusterId: group.id, direction, amountFen, idempotencyKey: k } });
    expect((await move(student, 'in', 10_000)).status).toBe(403);
    expect((await move(outsider, 'in', 10_000)).status).toBe(404);
    expect((await move(owner, 'out', 10_000)).body.msg).toBe('课题组余额不足');
    const k = newKey();
    const moved = await move(owner, 'in', 300_000, k);
    expect(moved.body.data).toEqual({ balanceFen: 225_000, groupBalanceFen: 300_000 });
    expect((await move(owner, 'in', 300_000, k)).body.data).toEqual(moved.body.data);
    expect(await balance(t, owner)).toBe(225_000);

    // The student's two ¥900 orders: the first fits the ¥1 000 limit, the second passes it.
    const first = await unsettledOrder(t, lab, student);
    const second = await unsettledOrder(t, lab, student);
    const settle = (ids: number[], u = student) =>
      callApi(t, 'settlementAdd', { token: u.tokens.token, body: { orderIds: ids, clusterId: group.id, idempotencyKey: newKey() } });
    expect((await settle([first.id], outsider)).status).toBe(404);
    const both = await settle([first.id, second.id]);
    expect(both).toMatchObject({ status: 409, body: { msg: '超出您在该课题组的可用额度（剩余¥1,000.00），请联系课题组负责人调整额度' } });
    const one = await settle([first.id]);
    expect(one.body.data).toMatchObject({ paidFen: 90_000, balanceFen: 210_000 });
    const funds = (await callApi(t, 'clusterFunds', { token: student.tokens.token, body: { clusterId: group.id, page: 1, pageSize: 10 } }))
      .body.data;
    expect(funds).toMatchObject({ balanceFen: 210_000, owner: false, limitFen: 100_000, spentFen: 90_000, statement: null });
    const ownerFunds = (
      await callApi(t, 'clusterFunds', { token: owner.tokens.token, body: { clusterId: group.id, page: 1, pageSize: 10 } })
    ).body.data;
    expect(ownerFunds.statement!.list.map((l) => [l.kind, l.amountFen, l.balanceAfterFen])).toEqual([
      ['settle', -90_000, 210_000],
      ['groupIn', 300_000, 300_000],
    ]);
    // Someone else's order cannot be settled from the group either.
    expect((await settle([second.id], owner)).status).toBe(404);

    await callApi(t, 'clusterDelete4user', { token: owner.tokens.token, body: { id: memberId } });
    const del = await callApi(t, 'clusterDel', { token: owner.tokens.token, body: { id: group.id } });
    expect(del).toMatchObject({ status: 409, body: { msg: '课题组账户还有余额，请先转出余额后再删除' } });
    expect((await move(owner, 'out', 210_000)).body.data).toEqual({ balanceFen: 435_000, groupBalanceFen: 0 });
    expect((await callApi(t, 'clusterDel', { token: owner.tokens.token, body: { id: group.id } })).body.code).toBe(1);
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('finance credits a bank transfer received for a group (issue 21): once per key, audited, reconciled; others may not', async () => {
    const owner = await orderingCustomer(t, undefined, 3);
    const group = (
      await callApi(t, 'clusterAdd', {
        token: owner.tokens.token,
        body: { name: `入账课题组${Date.now()}`, institution: '某大学', description: '' },
      })
    ).body.data;
    const k = newKey();
    const body = { clusterId: group.id, amountFen: 50_000, bankRef: 'BOC20261128001', idempotencyKey: k };
    expect((await callApi(t, 'adminClusterCredit', { token: manager, body })).status).toBe(403);
    expect((await callApi(t, 'adminClusterCredit', { token: finance, body: { ...body, amountFen: 0 } })).body.msg).toBe(
      '[入账金额]必须大于0',
    );
    expect((await callApi(t, 'adminClusterCredit', { token: finance, body: { ...body, bankRef: '' } })).status).toBe(400);
    const credited = await callApi(t, 'adminClusterCredit', { token: finance, body });
    expect(credited.body).toMatchObject({ code: 1, msg: '已入账', data: { groupBalanceFen: 50_000 } });
    expect((await callApi(t, 'adminClusterCredit', { token: finance, body })).body.data).toEqual({ groupBalanceFen: 50_000 });
    const missing = await callApi(t, 'adminClusterCredit', {
      token: finance,
      body: { ...body, clusterId: 999_999, idempotencyKey: newKey() },
    });
    expect(missing.status).toBe(404);
    const funds = (await callApi(t, 'clusterFunds', { token: owner.tokens.token, body: { clusterId: group.id, page: 1, pageSize: 10 } }))
      .body.data;
    expect(funds.balanceFen).toBe(50_000);
    expect(funds.statement!.list.map((l) => [l.kind, l.amountFen])).toEqual([['groupIn', 50_000]]);
    const detail = await callApi(t, 'adminClusterDetail', { token: finance, query: { id: group.id } });
    expect(detail.body.data.balanceFen).toBe(50_000);
    // The owner moves it back to their prestore (the group holds it, nothing is owed).
    const back = await callApi(t, 'prestoreTransfer', {
      token: owner.tokens.token,
      body: { clusterId: group.id, direction: 'out', amountFen: 50_000, idempotencyKey: newKey() },
    });
    expect(back.body.data).toMatchObject({ groupBalanceFen: 0 });
    expect((await reconcile(t, finance)).ok).toBe(true);
  });

  it('finance reads and saves the money settings (validated, audited); others may not', async () => {
    const read = await callApi(t, 'adminMoneySettings', { token: finance });
    expect(read.body.data).toMatchObject({ prestoreMinFen: 100_000, settleDueDays: 30 });
    const bad = await callApi(t, 'adminMoneySettingsSave', {
      token: finance,
      body: {
        ...read.body.data,
        bonusTiers: [
          { minFen: 500_000, percent: 5 },
          { minFen: 100_000, percent: 2 },
        ],
      },
    });
    expect(bad.body.msg).toBe('[赠送档位]须按金额从小到大排列且不重复');
    expect((await callApi(t, 'adminMoneySettingsSave', { token: manager, body: read.body.data })).status).toBe(403);
    const saved = await callApi(t, 'adminMoneySettingsSave', { token: finance, body: { ...read.body.data, settleDueDays: 45 } });
    expect(saved.body).toMatchObject({ code: 1, data: { settleDueDays: 45 } });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.objectId, 'money'));
    expect(audits.at(-1)).toMatchObject({ action: 'setting.save' });
    await callApi(t, 'adminMoneySettingsSave', { token: finance, body: read.body.data });
  });
});
