import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { deviceSearchQuery } from './catalog.ts';
import { FEN_MAX } from './money.ts';
import { fen, id, INT4_MAX, oneOf, optionalId, PAGE_MAX } from './numbers.ts';
import { pagingQuery } from './paging.ts';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('id', () => {
  const typeId = id('项目类型');
  it('takes JSON integers and plain decimal digits from 1 to 2147483647', () => {
    expect(typeId.parse(7)).toBe(7);
    expect(typeId.parse('42')).toBe(42);
    expect(typeId.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });
  it('refuses what the database could not hold, naming the field', () => {
    expect(messageOf(typeId, '99999999999')).toBe(`[项目类型]不能大于${INT4_MAX}`);
    expect(messageOf(typeId, INT4_MAX + 1)).toBe(`[项目类型]不能大于${INT4_MAX}`);
    expect(messageOf(typeId, '0')).toBe('[项目类型]不能小于1');
    expect(messageOf(typeId, -3)).toBe('[项目类型]不能小于1');
  });
  it.each([
    '1e3',
    '0x10',
    ' 12 ',
    '12 ',
    'NaN',
    'Infinity',
    '-Infinity',
    '1.5',
    '1.0',
    '+5',
    'abc',
    '１２',
    true,
    [],
    {},
    1.5,
    Number.NaN,
    Infinity,
  ])('refuses %j as not an integer', (v) => {
    expect(messageOf(typeId, v)).toBe('[项目类型]必须是整数');
  });
  it('says a missing value is missing', () => {
    expect(messageOf(typeId, undefined)).toBe('[项目类型]不能为空');
    expect(messageOf(typeId, '')).toBe('[项目类型]不能为空');
  });
});

describe('optionalId', () => {
  it('treats absent, empty and null as none, and still bounds a value', () => {
    const s = optionalId('分类');
    expect(s.parse(undefined)).toBeUndefined();
    expect(s.parse('')).toBeUndefined();
    expect(s.parse(null)).toBeUndefined();
    expect(messageOf(s, '2147483648')).toBe(`[分类]不能大于${INT4_MAX}`);
  });
});

describe('paging', () => {
  it('bounds the page and the page size', () => {
    expect(pagingQuery.parse({ page: String(PAGE_MAX) }).page).toBe(PAGE_MAX);
    expect(messageOf(pagingQuery, { page: String(PAGE_MAX + 1) })).toBe(`[页码]不能大于${PAGE_MAX}`);
    expect(messageOf(pagingQuery, { page: '1e3' })).toBe('[页码]必须是整数');
    expect(messageOf(pagingQuery, { pageSize: '-1' })).toBe('[每页条数]不能小于1');
  });
  it('bounds the search filters (typeId=99999999999 once reached the database)', () => {
    expect(messageOf(deviceSearchQuery, { typeId: '99999999999' })).toBe(`[项目类型]不能大于${INT4_MAX}`);
    expect(messageOf(deviceSearchQuery, { areaId: '0x10' })).toBe('[专区]必须是整数');
  });
});

describe('oneOf', () => {
  const purpose = oneOf('用途', [0, 1, 3, 4]);
  it('takes only the listed codes, with one message for every wrong value', () => {
    expect(purpose.parse('3')).toBe(3);
    for (const v of [2, 5, -1, '1e0', 0.5, 'x']) expect(messageOf(purpose, v)).toBe('[用途]不正确');
    expect(messageOf(purpose, undefined)).toBe('[用途]不能为空');
  });
});

describe('fen', () => {
  const price = fen('价格');
  it('is a whole, non-negative number of fen up to FEN_MAX', () => {
    expect(price.parse(0)).toBe(0);
    expect(price.parse('12345')).toBe(12345);
    expect(price.parse(-0)).toBe(0);
    expect(price.parse(FEN_MAX)).toBe(FEN_MAX);
  });
  it('refuses fractions, negatives and amounts above the cap', () => {
    expect(messageOf(price, 12.5)).toBe('[价格]必须是整数');
    expect(messageOf(price, '12.50')).toBe('[价格]必须是整数');
    expect(messageOf(price, -1)).toBe('[价格]不能小于0');
    expect(messageOf(price, FEN_MAX + 1)).toBe(`[价格]不能大于${FEN_MAX}`);
  });
});
