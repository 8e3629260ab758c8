import { describe, expect, it } from 'vitest';
import {
  addMonths,
  chinaToday,
  DATE_NOT_PICKABLE,
  inAllowRegion,
  isPickableDate,
  hasSlotStarted,
  isSlotDisabled,
  keepOrFirstFreeSlot,
  SLOT_STARTED,
  pickupError,
  REGION_NOT_OPEN,
  selfSendError,
  SLOT_NOT_PICKABLE,
  type SamplingRuleSetting,
} from './sampling-rules.ts';

const S: SamplingRuleSetting = {
  disabled_date: ['2026-12-31'],
  disabled_date_time: [{ date: '2026-12-24', time: '16:00-18:00' }],
  disabled_time: ['11:00-13:00'],
  disabled_week: [0],
  invalid_disabled_date: ['2027-02-07'],
  sampling_time1: '09:00-11:00',
  sampling_time2: '11:00-13:00',
  sampling_time3: '14:00-16:00',
  sampling_time4: '16:00-18:00',
};
const REGIONS = [
  { code: '110108', city: '北京市', district: '海淀区' },
  { code: '310100', city: '上海市', district: '' },
];
const TODAY = '2026-11-23'; // a Monday
/** 2026-11-23 at 08:30 in China. */
const NOW = new Date('2026-11-23T00:30:00Z');
const good = {
  name: '张三',
  phone: '13800000000',
  address_rid: '',
  address_code: '110108',
  address: '学院路1号',
  date: '2026-11-24',
  time: '09:00-11:00',
};

describe('sampling dates (spec §5)', () => {
  it('China day: 16:00 UTC is already the next day', () => {
    expect(chinaToday(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(chinaToday(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
  });
  it('six months ahead, clamped to the month end', () => {
    expect(addMonths('2026-11-23', 6)).toBe('2027-05-23');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
  });
  it('refuses the past, disabled weekdays and dates, beyond six months; invalid_disabled_date re-opens', () => {
    expect(isPickableDate('2026-11-23', TODAY, S)).toBe(true);
    expect(isPickableDate('2026-11-22', TODAY, S)).toBe(false);
    expect(isPickableDate('2026-11-29', TODAY, S)).toBe(false); // Sunday
    expect(isPickableDate('2026-12-31', TODAY, S)).toBe(false);
    expect(isPickableDate('2027-02-07', TODAY, S)).toBe(true); // Sunday re-opened
    expect(isPickableDate('2027-05-21', TODAY, S)).toBe(true);
    expect(isPickableDate('2027-05-24', TODAY, S)).toBe(false);
  });
});

describe('sampling slots', () => {
  it('keeps an open slot, else takes the first free one', () => {
    expect(keepOrFirstFreeSlot('2026-11-24', '16:00-18:00', S, NOW)).toBe('16:00-18:00');
    expect(keepOrFirstFreeSlot('2026-12-24', '16:00-18:00', S, NOW)).toBe('09:00-11:00');
    expect(keepOrFirstFreeSlot('2026-11-24', '11:00-13:00', S, NOW)).toBe('09:00-11:00');
    expect(keepOrFirstFreeSlot('2026-11-24', '', S, NOW)).toBe('09:00-11:00');
  });
});

describe('allowRegion', () => {
  it('a listed district, or any district of a listed city', () => {
    expect(inAllowRegion('110108', REGIONS)).toBe(true);
    expect(inAllowRegion('110101', REGIONS)).toBe(false);
    expect(inAllowRegion('310104', REGIONS)).toBe(true);
    expect(inAllowRegion('', REGIONS)).toBe(false);
  });
});

describe('pickupError: the spec’s messages in the spec’s order', () => {
  const err = (patch: Partial<typeof good>) => pickupError({ ...good, ...patch }, NOW, S, REGIONS);
  it('each field', () => {
    expect(err({})).toBeNull();
    expect(err({ name: '', phone: '' })).toBe('[姓名]不能为空');
    expect(err({ phone: '' })).toBe('[手机]不能为空');
    expect(err({ address_code: '' })).toBe('[取样地址]不能为空');
    expect(err({ address: '' })).toBe('[详细地址]不能为空');
    expect(err({ address: '', address_rid: 'a1' })).toBeNull(); // the book's entry needs no new street
    expect(err({ address_code: '', address: '', address_rid: 'a1' })).toBeNull();
    expect(err({ date: '' })).toBe('[取样日期]不能为空');
    expect(err({ time: '' })).toBe('[取样时间]不能为空');
    expect(err({ address_code: '110101' })).toBe(REGION_NOT_OPEN);
    expect(err({ date: '2026-11-29' })).toBe(DATE_NOT_PICKABLE);
    expect(err({ time: '11:00-13:00' })).toBe(SLOT_NOT_PICKABLE);
    expect(err({ date: '2026-12-24', time: '16:00-18:00' })).toBe(SLOT_NOT_PICKABLE);
    expect(err({ time: '08:00-09:00' })).toBe(SLOT_NOT_PICKABLE);
  });
  it('a slot of today that has begun (issue 21: 09:12 took 09:00-11:00)', () => {
    const at0912 = new Date('2026-11-23T01:12:00Z');
    const today = { date: '2026-11-23', time: '09:00-11:00' };
    expect(pickupError({ ...good, ...today }, NOW, S, REGIONS)).toBeNull();
    expect(pickupError({ ...good, ...today }, at0912, S, REGIONS)).toBe(SLOT_STARTED);
    expect(pickupError({ ...good, ...today, time: '16:00-18:00' }, at0912, S, REGIONS)).toBeNull();
    expect(hasSlotStarted('2026-11-24', '09:00-11:00', at0912)).toBe(false);
    expect(isSlotDisabled('2026-11-23', '09:00-11:00', S, at0912)).toBe(true);
    expect(keepOrFirstFreeSlot('2026-11-23', '09:00-11:00', S, at0912)).toBe('14:00-16:00');
  });
  it('self-send', () => {
    expect(selfSendError({ express_company: '', express_no: '' })).toBe('[快递公司]不能为空');
    expect(selfSendError({ express_company: '顺丰', express_no: '' })).toBe('[快递单号]不能为空');
    expect(selfSendError({ express_company: '顺丰', express_no: 'SF1' })).toBeNull();
  });
});
