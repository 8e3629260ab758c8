import { describe, expect, it } from 'vitest';
import { invoiceApplyAddBody, invoiceTitleForm, INVOICE_TITLE_RULES, SPECIAL_INVOICE_FIELDS } from './invoice.ts';
import {
  canLeaveInvoice,
  INVOICE_ACTIONS,
  INVOICE_HOLDING_STATES,
  INVOICE_STATES,
  INVOICE_TRANSITIONS,
  isInvoiceableOrder,
} from './invoice-states.ts';

const messages = (v: unknown) => invoiceTitleForm.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
const special = {
  kind: 3,
  holder: 'company',
  name: '某公司',
  tax_id: '91310000MA1FL4XX1X',
  register_address: '上海市',
  register_phone: '021-1234567',
  bank: '某银行',
  bank_account: '6222000011112222',
  email: 'a@b.cn',
};

describe('invoice titles', () => {
  it('asks a 专票 for every bank field, by name, and only of a company', () => {
    expect(messages(special)).toEqual([]);
    for (const [field, words] of Object.entries(SPECIAL_INVOICE_FIELDS))
      expect(messages({ ...special, [field]: '' })).toEqual([[field, words]]);
    expect(messages({ ...special, holder: 'person' })).toEqual([['holder', INVOICE_TITLE_RULES.specialPerson]]);
  });

  it('keeps the tax id as the tax system prints it and checks its length', () => {
    expect(invoiceTitleForm.parse({ ...special, tax_id: ' 91310000 ma1fl4xx1x' }).tax_id).toBe('91310000MA1FL4XX1X');
    for (const ok of ['123456789012345', '12345678901234567890']) expect(messages({ ...special, tax_id: ok })).toEqual([]);
    expect(messages({ ...special, tax_id: '1234567890123456' })).toEqual([['tax_id', '[纳税人识别号]应为15、18或20位字母或数字']]);
    // A person needs none; a company always does.
    expect(messages({ kind: 1, holder: 'person', name: '张三', email: 'a@b.cn' })).toEqual([]);
    expect(messages({ kind: 1, holder: 'company', name: '某公司', email: 'a@b.cn' })).toEqual([
      ['tax_id', INVOICE_TITLE_RULES.taxIdMissing],
    ]);
  });

  it('sends e-invoices to an e-mail and paper ones to an address', () => {
    expect(messages({ ...special, email: '' })).toEqual([['email', INVOICE_TITLE_RULES.emailMissing]]);
    expect(messages({ ...special, kind: 4, email: '' })).toEqual([['address_rid', INVOICE_TITLE_RULES.addressMissing]]);
    expect(messages({ ...special, kind: 4, email: '', address_rid: 'ad1' })).toEqual([]);
  });
});

describe('invoice applications', () => {
  it('takes each order and top-up once with a positive amount', () => {
    const ok = invoiceApplyAddBody.parse({ titleId: 1, lines: [{ sourceId: 3, amount_fen: 1 }] });
    expect(ok.lines).toEqual([{ source: 'order', sourceId: 3, amount_fen: 1 }]);
    expect(invoiceApplyAddBody.safeParse({ titleId: 1, lines: [] }).error?.issues[0]?.message).toBe('[开票内容]至少选择一个');
    expect(invoiceApplyAddBody.safeParse({ titleId: 1, lines: [{ sourceId: 3, amount_fen: 0 }] }).error?.issues[0]?.message).toBe(
      '[开票金额]不能小于1',
    );
    // A top-up and an order of the same id are two sources; the same source twice is refused; others are unknown.
    const both = [
      { source: 'topup', sourceId: 3, amount_fen: 1 },
      { source: 'order', sourceId: 3, amount_fen: 1 },
    ];
    expect(invoiceApplyAddBody.safeParse({ titleId: 1, lines: both }).success).toBe(true);
    expect(invoiceApplyAddBody.safeParse({ titleId: 1, lines: [both[0], both[0]] }).error?.issues[0]?.message).toBe('[开票内容]重复');
    expect(invoiceApplyAddBody.safeParse({ titleId: 1, lines: [{ source: 'coupon', sourceId: 3, amount_fen: 1 }] }).success).toBe(false);
  });

  it('moves only by the table: decisions from 申请中, the red-letter reversal from 已开票', () => {
    for (const a of INVOICE_ACTIONS) for (const s of INVOICE_TRANSITIONS[a].from) expect(INVOICE_STATES).toContain(s);
    expect(INVOICE_STATES.filter((s) => canLeaveInvoice('issue', s))).toEqual(['applied']);
    expect(INVOICE_STATES.filter((s) => canLeaveInvoice('withdraw', s))).toEqual(['applied']);
    expect(INVOICE_STATES.filter((s) => canLeaveInvoice('reverse', s))).toEqual(['issued']);
    expect(INVOICE_HOLDING_STATES).toEqual(['applied', 'issued']);
  });

  it('invoices an enterprise order once paid and an institution order once settled', () => {
    expect(isInvoiceableOrder('enterprise', 'unpaid')).toBe(false);
    expect(isInvoiceableOrder('enterprise', 'awaitingSample')).toBe(true);
    expect(isInvoiceableOrder('institution', 'unsettled')).toBe(false);
    expect(isInvoiceableOrder('institution', 'completed')).toBe(true);
    expect(isInvoiceableOrder('enterprise', 'cancelled')).toBe(false);
  });
});
