import type { OrderDetail, PlanLine } from '@yance/contracts/order';
import { RADIOACTIVE_REFUSED } from '@yance/contracts/order';
import type { Fen } from '@yance/contracts/money';
import { describe, expect, it } from 'vitest';
import { draftFromOrder, formHasErrors, newOrderDraft, newSample, orderBody, orderTotal, sampleErrors } from './order-form.ts';

const planLine = { id: 7, type_id: 1, unit: 'sample', count: 3 } as PlanLine;
/** A DFT calculation (数据分析, type 3): no sample (ADR 0070). */
const dftLine = { id: 8, type_id: 3, unit: 'job', count: 1 } as PlanLine;
const xrd = { id: 7, type_id: 1 };
const good = { ...newSample(), name: 'TiO2 粉末', form: 'powder' as const };

describe('order form', () => {
  it('starts each line with one sample row of its count, self-send', () => {
    const draft = newOrderDraft([planLine]);
    expect(draft.samples[7]).toEqual([{ name: '', count: 3, form: undefined, hazards: [], requirement: '', returnSample: false }]);
    expect(draft.delivery).toBe(0);
  });
  it('says what is missing in the words the server uses', () => {
    expect(sampleErrors(newSample())).toMatchObject({ name: '[样品名称]不能为空', form: '[样品形态]不能为空' });
    expect(sampleErrors(good)).toEqual({});
  });
  it('refuses a radioactive sample with its reason', () => {
    expect(sampleErrors({ ...good, hazards: ['toxic', 'radioactive'] })).toEqual({ hazards: RADIOACTIVE_REFUSED });
    const draft = { ...newOrderDraft([planLine]), samples: { 7: [{ ...good, hazards: ['radioactive' as const] }] } };
    expect(formHasErrors(draft, [xrd])).toBe(true);
  });
  it('builds the order/add body of the chosen lines, as a draft or an order', () => {
    const draft = { samples: { 7: [good] }, delivery: 1 as const, remark: ' 轻拿轻放 ', returnAddressRid: undefined, agreementVersion: 2 };
    const built = orderBody(draft, [xrd], { draft: true, draftId: 12 });
    expect(built).toEqual({
      ok: true,
      body: {
        draftId: 12,
        lines: [{ lineId: 7, samples: [{ ...good, requirement: '', hazards: [] }] }],
        delivery: 1,
        agreementVersion: 2,
        remark: '轻拿轻放',
        attachments: [],
        draft: true,
      },
    });
    expect(orderBody(draft, [xrd], { draft: false })).toMatchObject({ ok: true, body: { lines: [{ planId: 7 }], draft: false } });
    expect(orderBody(draft, [], { draft: false })).toEqual({ ok: false, message: expect.stringContaining('请选择要下单的项目') as string });
  });
  it('puts a saved draft back under its line ids', () => {
    const order = {
      delivery: 1,
      remark: '备注',
      lines: [{ id: 40, type_id: 1, unit: 'sample', count: 1 }],
      returnAddress: { address_rid: 'a9' },
      samples: [
        {
          id: 1,
          no: 'YC20261124-0001-01',
          lineId: 40,
          name: 'A',
          count: 1,
          form: 'film',
          hazards: ['magnetic'],
          requirement: '',
          returnSample: true,
        },
      ],
    } as unknown as OrderDetail;
    expect(draftFromOrder(order)).toEqual({
      samples: { 40: [{ name: 'A', count: 1, form: 'film', hazards: ['magnetic'], requirement: '', returnSample: true }] },
      delivery: 1,
      returnAddressRid: 'a9',
      agreementVersion: undefined,
      remark: '备注',
    });
  });
  it('totals the priced lines and counts those waiting for a quote', () => {
    const l = (id: number, amount: number | null) => ({
      id,
      type_id: 1,
      name: '',
      choices: {},
      count: 1,
      unit: 'sample' as const,
      amount: amount as Fen | null,
    });
    expect(orderTotal([l(1, 6000), l(2, null), l(3, 1500)])).toEqual({ fen: 7500, unpriced: 1 });
    // A new customer's 新客9折 (issue 21) comes off the line it covers.
    expect(orderTotal([{ ...l(1, 22000), promo: { fen: 2200, label: '新客9折' } }, l(2, 1500)])).toEqual({ fen: 21300, unpriced: 0 });
  });
  it('asks a DFT line for no sample: no sample row, no delivery, no return address in the body (ADR 0070)', () => {
    const draft = newOrderDraft([dftLine]);
    expect(draft.samples[8]).toEqual([]);
    const built = orderBody({ ...draft, returnAddressRid: 'a1', agreementVersion: 1 }, [{ id: 8, type_id: 3 }], { draft: false });
    expect(built).toMatchObject({ ok: true, body: { lines: [{ planId: 8, samples: [] }], agreementVersion: 1 } });
    expect(built.ok && 'delivery' in built.body && built.body.delivery !== undefined).toBe(false);
    expect(built.ok && built.body.returnAddressRid).toBeFalsy();
  });
  it('asks a return address only when a sample is to be returned', () => {
    const draft = { ...newOrderDraft([planLine]), samples: { 7: [{ ...good, returnSample: true }] } };
    expect(orderBody(draft, [xrd], { draft: false })).toEqual({ ok: false, message: '[退还地址]请选择样品退还地址' });
    expect(orderBody({ ...draft, returnAddressRid: 'a1' }, [xrd], { draft: false })).toMatchObject({
      ok: true,
      body: { delivery: 0, returnAddressRid: 'a1' },
    });
  });
});
