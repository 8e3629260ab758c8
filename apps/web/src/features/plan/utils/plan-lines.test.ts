import type { PlanLine, PlanListResponse } from '@yance/contracts/order';
import type { Fen } from '@yance/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  basePrice,
  lineAmount,
  orderableSelection,
  parseIdList,
  planLines,
  sortedGroups,
  toOrderIds,
  totalOf,
  withEdit,
} from './plan-lines.ts';

const fen = (n: number) => n as Fen;
/** An XRD line: ¥60/样, 扫描范围 常规 +0 / 宽角 +¥20, 加急 否 +0 / 是 +¥50; 宽角 chosen, 2 samples. */
const line = (over: Partial<PlanLine> = {}): PlanLine => ({
  id: 1,
  rid: 'd10001',
  name: 'XRD',
  img: '',
  type_id: 1,
  unit: 'sample',
  unit_fen: fen(8000),
  choices: { 扫描范围: '宽角' },
  options: [
    {
      name: '扫描范围',
      choices: [
        { label: '常规', extra_fen: fen(0) },
        { label: '宽角', extra_fen: fen(2000) },
      ],
    },
    {
      name: '加急',
      choices: [
        { label: '否', extra_fen: fen(0) },
        { label: '是', extra_fen: fen(5000) },
      ],
    },
  ],
  count: 2,
  amount_fen: fen(16000),
  turnaround_days: 5,
  estimate_days: 5,
  estimate_date: null,
  available: true,
  ...over,
});

describe('plan prices', () => {
  it('takes the chosen extras off the priced unit to find the item price', () => {
    expect(basePrice(line())).toBe(6000);
  });
  it('prices a changed count and option at once, with the rule the server uses', () => {
    expect(lineAmount(line())).toBe(16000);
    expect(lineAmount(withEdit(line(), { count: 3 }))).toBe(24000);
    expect(lineAmount(withEdit(line(), { choices: { 加急: '是' } }))).toBe(2 * (6000 + 2000 + 5000));
    expect(lineAmount(withEdit(line(), { choices: { 扫描范围: '常规' } }))).toBe(12000);
  });
  it('an item priced 0 waits for a quote (null), and is counted apart in the total', () => {
    const quoted = line({ id: 2, unit_fen: fen(0), choices: {}, amount_fen: null });
    expect(lineAmount(quoted)).toBeNull();
    expect(totalOf([line(), quoted])).toEqual({ fen: 16000, unpriced: 1 });
  });
  it('a choice the item no longer offers is not priced', () => {
    expect(lineAmount(line({ choices: { 扫描范围: '超宽' } }))).toBeNull();
  });
});

describe('plan selection', () => {
  it('puts 定制项目 (type 31) first and keeps the rest in order', () => {
    const plan: PlanListResponse = {
      cartNum: 3,
      dataArr: [
        { type_id: 1, type_name: '材料测试', count: 1, items: [line({ id: 1 })] },
        { type_id: 31, type_name: '定制项目', count: 1, items: [line({ id: 9, type_id: 31 })] },
        { type_id: 4, type_name: '计算模拟', count: 1, items: [line({ id: 4, type_id: 4 })] },
      ],
    };
    expect(sortedGroups(plan).map((g) => g.type_id)).toEqual([31, 1, 4]);
    expect(planLines(plan).map((l) => l.id)).toEqual([9, 1, 4]);
  });
  it('never selects an off-shelf line or one that left the plan', () => {
    const lines = [line({ id: 1 }), line({ id: 2, available: false })];
    expect(orderableSelection(lines, new Set([1, 2, 3]))).toEqual([1]);
  });
  it('orders the selected lines but a 现场预约 one, which is booked on its page (ADR 0070)', () => {
    const lines = [line({ id: 1 }), line({ id: 2, type_id: 2 }), line({ id: 3, type_id: 3 })];
    expect(toOrderIds(lines, new Set([1, 2, 3]))).toEqual([1, 3]);
  });
  it('reads ?plan=3,5 as whole positive ids, each once', () => {
    expect(parseIdList('3,5,3, 7')).toEqual([3, 5, 7]);
    expect(parseIdList('0,-1,abc,1.5,12345678901')).toEqual([]);
    expect(parseIdList(null)).toEqual([]);
  });
});
