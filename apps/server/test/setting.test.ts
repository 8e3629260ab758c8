import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '@yance/contracts/envelope';
import { settingList4KeyResponse, webSettings } from '@yance/contracts/setting';
import { createTestApp, json, type TestApp } from './create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/open/setting', () => {
  it('gives all web settings, also for an empty JSON body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/open/setting', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(200);
    const s = envelope(webSettings).parse(json(res)).data;
    expect(new Set(s.allowRegion.map((r) => r.city))).toEqual(new Set(['北京市', '上海市']));
    expect(s.samplingSetting.disabled_week).toEqual([0]);
    expect(s.samplingInfo).toEqual(s.samplingSetting);
    expect(s.localInfo.hours).toBe('周一至周六 8:30-18:30');
  });
});

describe('POST /api/open/setting/list4key', () => {
  it('reads keys given as a JSON array', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/open/setting/list4key', payload: { keys: ['samplingInfo'] } });
    const s = envelope(settingList4KeyResponse).parse(json(res)).data;
    expect(Object.keys(s)).toEqual(['samplingInfo']);
    expect(s.samplingInfo?.sampling_time1).toBe('09:00-11:00');
  });

  it('reads keys given form-encoded as one comma-separated string', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/open/setting/list4key',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'keys=allowRegion,localInfo',
    });
    const s = envelope(settingList4KeyResponse).parse(json(res)).data;
    expect(Object.keys(s).sort()).toEqual(['allowRegion', 'localInfo']);
    expect(s.allowRegion?.find((r) => r.code === '110108')?.district).toBe('海淀区');
  });

  it('rejects an unknown key in Chinese', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/open/setting/list4key', payload: { keys: ['password'] } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 0, msg: '[配置项]不存在', data: null });
  });

  it('rejects a missing keys field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/open/setting/list4key', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 0, msg: '[配置项]不能为空', data: null });
  });
});
