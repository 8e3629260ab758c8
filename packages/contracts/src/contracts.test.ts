import { describe, expect, it } from 'vitest';
import { deviceFieldsOf, deviceInput, type DeviceField } from './catalog-admin.ts';
import { deviceSearchQuery } from './catalog.ts';
import { pagingQuery } from './paging.ts';
import { settingList4KeyBody } from './setting.ts';

describe('paging', () => {
  it('coerces query strings and applies defaults', () => {
    expect(pagingQuery.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(pagingQuery.parse({ page: '3', pageSize: '20' })).toEqual({ page: 3, pageSize: 20 });
  });
  it('refuses bad numbers with a Chinese message naming the field', () => {
    const r = pagingQuery.safeParse({ page: 'abc' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain('[页码]');
    expect(pagingQuery.safeParse({ pageSize: '500' }).error?.issues[0]?.message).toBe('[每页条数]不能大于50');
  });
});

describe('device search query', () => {
  it('treats empty ids as absent and trims the keyword', () => {
    expect(deviceSearchQuery.parse({ kw: '  XRD ', typeId: '', childId: '4' })).toMatchObject({ kw: 'XRD', typeId: undefined, childId: 4 });
  });
});

describe('setting list4key', () => {
  it('accepts an array or a comma-separated form value', () => {
    expect(settingList4KeyBody.parse({ keys: ['localInfo'] }).keys).toEqual(['localInfo']);
    expect(settingList4KeyBody.parse({ keys: 'allowRegion, localInfo' }).keys).toEqual(['allowRegion', 'localInfo']);
  });
  it('refuses unknown keys', () => {
    expect(settingList4KeyBody.safeParse({ keys: 'password' }).error?.issues[0]?.message).toBe('[配置项]不存在');
  });
});

describe('device fields', () => {
  it('picks exactly the fields deviceInput takes, in its order, from a stored item', () => {
    const fields = Object.fromEntries(Object.keys(deviceInput.shape).map((k, i) => [k, i])) as Record<DeviceField, number>;
    const stored = { id: 7, typeName: '测试', childName: '分类', prefectureIds: [1], ...fields };
    const picked = deviceFieldsOf(stored);
    expect(picked).toEqual(fields);
    expect(Object.keys(picked)).toEqual(Object.keys(deviceInput.shape));
  });
});
