import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_TITLE_RULES, SPECIAL_INVOICE_FIELDS } from '@yance/contracts/invoice';
import { INVOICE_TITLES_MAX } from '@yance/contracts/invoice-states';
import { invoiceTitle } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';
import { orderingCustomer, pickupAddress } from './order-factories.ts';
import { companyE, personE, special, TAX_ID, titleCalls } from './invoice-factories.ts';

// A customer's invoice titles (抬头): what each kind needs, one default, and another customer's. Applying: invoices.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const { addTitle, titles } = titleCalls(() => t);

describe('invoice titles (抬头)', () => {
  it('refuses what a kind needs, naming the field: 专票 fields, a company’s tax id, its format, e-mail or address', async () => {
    const u = await orderingCustomer(t);
    const msg = async (body: object) => (await addTitle(u, body)).body.msg;
    const { address_rid } = await pickupAddress(t, u);
    // 专票 for a person.
    expect(await msg({ ...special(address_rid), holder: 'person' })).toBe(INVOICE_TITLE_RULES.specialPerson);
    // Each 专票 field in turn.
    for (const [field, words] of Object.entries(SPECIAL_INVOICE_FIELDS)) {
      const res = await addTitle(u, { ...special(address_rid), [field]: '' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(words);
    }
    expect(await msg({ ...special(address_rid), kind: 3, email: '' })).toBe(INVOICE_TITLE_RULES.emailMissing);
    // A company needs its tax id, even for 普票; the format is 15, 18 or 20 letters or digits.
    expect(await msg({ ...companyE, tax_id: '' })).toBe(INVOICE_TITLE_RULES.taxIdMissing);
    for (const bad of ['9131000MA1FL4XX1', '91310000MA1FL4XX1X12345', '91310000MA1FL4XX1！'])
      expect(await msg({ ...companyE, tax_id: bad })).toBe('[纳税人识别号]应为15、18或20位字母或数字');
    expect(await msg({ ...personE, email: '' })).toBe(INVOICE_TITLE_RULES.emailMissing);
    expect(await msg({ ...personE, email: 'not-an-email' })).toBe('[收票邮箱]格式不正确');
    expect(await msg({ ...personE, kind: 2, email: '' })).toBe(INVOICE_TITLE_RULES.addressMissing);
    expect(await msg({ ...personE, kind: 0 })).toBe('[发票类型]不正确');
    expect(await msg({ ...special(address_rid), bank_account: '12ab' })).toBe('[银行账号]应为6到30位数字');
    // Another customer's address is the address's 404.
    const other = await orderingCustomer(t);
    const theirs = await pickupAddress(t, other);
    const foreign = await addTitle(u, special(theirs.address_rid));
    expect(foreign).toMatchObject({ status: 404, body: { msg: '地址不存在' } });
    expect(await titles(u)).toEqual([]);

    // Lower-case tax id with spaces is kept as the tax system prints it; the account keeps its digits only.
    const ok = await addTitle(u, { ...special(address_rid), tax_id: ' 91310000ma1fl4xx1x ' });
    expect(ok.body.code, ok.body.msg).toBe(1);
    expect(ok.body.data).toMatchObject({
      kind: 4,
      tax_id: TAX_ID,
      bank_account: '1001234567890123',
      address_rid,
      address_text: '张同学 13800000001 北京市海淀区学院路1号',
      default: true,
      email: '',
    });
    // A 普票 keeps no bank fields even when sent.
    const plain = await addTitle(u, { ...companyE, bank: '某银行', bank_account: '123456789' });
    expect(plain.body.data).toMatchObject({ bank: '', bank_account: '', default: false });
  });

  it('keeps one default per customer: the first, a new default, concurrent 设为默认, and after a delete', async () => {
    const u = await orderingCustomer(t);
    const a = (await addTitle(u, personE)).body.data;
    expect(a.default).toBe(true);
    const b = (await addTitle(u, { ...personE, name: '李同学' })).body.data;
    const c = (await addTitle(u, { ...personE, name: '王同学', default: true })).body.data;
    expect((await titles(u)).map((x) => [x.id, x.default])).toEqual([
      [c.id, true],
      [b.id, false],
      [a.id, false],
    ]);
    // Two 设为默认 at once: one default, whichever came last.
    const both = await Promise.all([a.id, b.id].map((id) => callApi(t, 'invoiceDefault', { token: u.tokens.token, body: { id } })));
    expect(both.map((r) => r.body.code)).toEqual([1, 1]);
    const defaults = (await titles(u)).filter((x) => x.default);
    expect(defaults).toHaveLength(1);
    expect([a.id, b.id]).toContain(defaults[0]!.id);
    // The index refuses a second default whatever code writes it.
    await expect(t.db.update(invoiceTitle).set({ isDefault: true }).where(eq(invoiceTitle.userId, u.id))).rejects.toThrow();
    // Unticking default on the default keeps it; deleting it hands the default to the newest.
    const d = defaults[0]!;
    const kept = await callApi(t, 'invoiceEdit', { token: u.tokens.token, body: { ...personE, id: d.id, name: '新名称', default: false } });
    expect(kept.body.data).toMatchObject({ name: '新名称', default: true });
    expect((await callApi(t, 'invoiceDel', { token: u.tokens.token, body: { id: d.id } })).body.code).toBe(1);
    const left = await titles(u);
    expect(left.filter((x) => x.default).map((x) => x.id)).toEqual([Math.max(...left.map((x) => x.id))]);
  });

  it('answers another customer’s title as a missing one, and caps a customer at 20 titles', async () => {
    const u = await orderingCustomer(t);
    const other = await orderingCustomer(t);
    const mine = (await addTitle(u, personE)).body.data;
    for (const [call, body] of [
      ['invoiceEdit', { ...personE, id: mine.id }],
      ['invoiceDel', { id: mine.id }],
      ['invoiceDefault', { id: mine.id }],
    ] as const) {
      const res = await callApi(t, call, { token: other.tokens.token, body: body as never });
      expect(res, call).toMatchObject({ status: 404, body: { msg: '发票抬头不存在' } });
    }
    expect((await titles(u))[0]).toMatchObject({ id: mine.id, name: personE.name });

    for (let i = 1; i < INVOICE_TITLES_MAX; i++) expect((await addTitle(u, { ...personE, name: `抬头${i}` })).body.code).toBe(1);
    const full = await addTitle(u, { ...personE, name: '第21个' });
    expect(full).toMatchObject({ status: 400, body: { msg: `[发票抬头]最多${INVOICE_TITLES_MAX}个` } });
  });
});
