import type { OrderDetail, PlanLine } from '@yance/contracts/order';
import { RADIOACTIVE_REFUSED } from '@yance/contracts/order';
import type { Fen } from '@yance/contracts/money';
import { describe, expect, it } from 'vitest';
import { draftFromOrder, formHasErrors, newOrderDraft, newSample, orderBody, orderTotal, sampleErrors } from './order-form.ts';

const planLine = { id: 7, unit: 'sample', count: 3 } as PlanLine;
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
    expect(formHasErrors(draft, [7])).toBe(true);
  });
  it('builds the order/add body of the chosen lines, as a draft or an order', () => {
    const draft = { samples: { 7: [good] }, delivery: 1 as const, remark: ' 轻拿轻放 ' };
    const built = orderBody(draft, [7], { draft: true, draftId: 12 });
    expect(built).toEqual({
      ok: true,
      body: {
        draftId: 12,
        lines: [{ lineId: 7, samples: [{ ...good, requirement: '', hazards: [] }] }],
        delivery: 1,
        remark: '轻拿轻放',
        attachments: [],
        draft: true,
      },
    });
    expect(orderBody(draft, [7], { draft: false })).toMatchObject({ ok: true, body: { lines: [{ planId: 7 }], draft: false } });
    expect(orderBody(draft, [], { draft: false })).toEqual({ ok: false, message: expect.stringContaining('请选择要下单的项目') as string });
  });
  it('puts a saved draft back under its line ids', () => {
    const order = {
      delivery: 1,
      remark: '备注',
      lines: [{ id: 40, unit: 'sample', count: 1 }],
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
      remark: '备注',
    });
  });
  it('totals the priced lines and counts those waiting for a quote', () => {
    const l = (id: number, amount: number | null) => ({
      id,
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
});
