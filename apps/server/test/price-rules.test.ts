import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownLabel } from '@yance/contracts/price-labels';
import { DEFAULT_PRICE_RULES, type PriceRules } from '@yance/contracts/price-rules';
import { DEFAULT_SERVICE_AGREEMENT } from '@yance/contracts/service-agreement';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';
import { orderBody, orderingCustomer, planLine, XRD } from './order-factories.ts';

// Issue 21: the home page advertised 新客9折 and 首单立减50元 while a new customer's first order paid in full. The labels
// now come from the promotion rules order/add prices by; an operator's edit changes both.
let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = (await staffTokens(t, 'operator')).token;
});
afterAll(async () => t.close());

const DFT = 'd30001';
const labels = async () => {
  const types = (await callApi(t, 'home')).body.data.typeArr as { id: number; discount_info: { discount_label: string } }[];
  const detail = async (rid: string) => (await callApi(t, 'deviceDetail', { query: { rid } })).body.data.discount_label;
  return { types: types.map((x) => [x.id, x.discount_info.discount_label]), xrd: await detail(XRD), dft: await detail(DFT) };
};
const order = async (user: Awaited<ReturnType<typeof orderingCustomer>>, rid: string, count = 1) => {
  const line = await planLine(t, user, rid, count);
  // A 数据分析 line sends no sample (ADR 0070): its order has no sample form and no delivery.
  const body =
    rid === DFT ? { lines: [{ planId: line, samples: [] }], agreementVersion: DEFAULT_SERVICE_AGREEMENT.version } : orderBody([line]);
  const res = await callApi(t, 'orderAdd', { token: user.tokens.token, body });
  expect(res.body.code, res.body.msg).toBe(1);
  return (await callApi(t, 'orderDetail', { token: user.tokens.token, body: { id: res.body.data.id } })).body.data;
};

describe('promotion rules price new orders and label the shop (issue 21)', () => {
  it('the default rules: 新客9折 on 送样检测 and 首单立减50元 on 数据分析, for a first order only', async () => {
    expect(await labels()).toEqual({
      types: [
        [1, '新客9折'],
        [2, ''],
        [3, '首单立减50元'],
      ],
      xrd: '新客9折',
      dft: '首单立减50元',
    });
    const student = await orderingCustomer(t);
    const offers = async () => (await callApi(t, 'priceOffers', { token: student.tokens.token })).body.data;
    expect(await offers()).toEqual({ firstOrder: true, withheld: [] });
    const first = await order(student, XRD, 2); // ¥80 × 2
    expect(first.total_fen).toBe(14_400);
    expect(first.lines[0]).toMatchObject({ amount_fen: 14_400, promo_fen: 1_600, promo_label: '新客9折' });
    const second = await order(student, XRD, 2);
    expect(second.total_fen).toBe(16_000);
    expect(second.lines[0]).toMatchObject({ promo_fen: 0, promo_label: '' });
    // The shop no longer shows this customer the labels of rules that no longer price their orders.
    expect(await offers()).toEqual({ firstOrder: false, withheld: ['新客9折', '首单立减50元'] });
    expect(shownLabel('新客9折', (await offers()).withheld)).toBe('');

    const teacher = await orderingCustomer(t, undefined, 3);
    const dft = await order(teacher, DFT); // ¥2 000
    expect(dft.total_fen).toBe(195_000);
    expect(dft.lines[0]).toMatchObject({ promo_fen: 5_000, promo_label: '首单立减50元' });
  });

  it('an operator edits a rule in the console: the label and the price change together; others may not', async () => {
    const read = await callApi(t, 'adminPriceRules', { token: operator });
    expect(read.body.data).toEqual(DEFAULT_PRICE_RULES);
    const edited: PriceRules = {
      rules: [
        { ...DEFAULT_PRICE_RULES.rules[0]!, label: '新客8折', ratePercent: 80 },
        { ...DEFAULT_PRICE_RULES.rules[1]!, active: false },
      ],
    };
    const manager = (await staffTokens(t, 'manager')).token;
    expect((await callApi(t, 'adminPriceRulesSave', { token: manager, body: edited })).status).toBe(403);
    const bad = { rules: [{ ...edited.rules[0]!, typeIds: [99] }] };
    expect((await callApi(t, 'adminPriceRulesSave', { token: operator, body: bad })).body.msg).toBe('[适用项目类型]不存在');
    const saved = await callApi(t, 'adminPriceRulesSave', { token: operator, body: edited });
    expect(saved.body).toMatchObject({ code: 1, msg: '优惠活动已保存', data: edited });
    expect(await labels()).toEqual({
      types: [
        [1, '新客8折'],
        [2, ''],
        [3, ''],
      ],
      xrd: '新客8折',
      dft: null,
    });
    expect((await order(await orderingCustomer(t), XRD, 2)).total_fen).toBe(12_800);
    expect((await order(await orderingCustomer(t, undefined, 3), DFT)).total_fen).toBe(200_000);
  });
});
