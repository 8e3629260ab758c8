import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '@yance/contracts/envelope';
import { settingList4KeyResponse, webSettings, type SettingKey } from '@yance/contracts/setting';
import { setting } from '../src/db/schema.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { callApi } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The stored value of each key. */
const storedValues = async (keys: SettingKey[]) =>
  Object.fromEntries((await t.db.select().from(setting).where(inArray(setting.key, keys))).map((r) => [r.key, r.value]));

describe('POST /api/open/setting', () => {
  it('gives all web settings as stored, also for an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/open/setting',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    const s = envelope(webSettings).parse(json(res)).data;
    const stored = await storedValues(['allowRegion', 'samplingSetting', 'localInfo']);
    expect(s.allowRegion).toEqual(stored.allowRegion);
    expect(s.samplingSetting).toEqual(stored.samplingSetting);
    expect(s.samplingInfo).toEqual(s.samplingSetting);
    expect(s.localInfo).toEqual(stored.localInfo);
  });
});

describe('POST /api/open/setting/list4key', () => {
  it('reads keys given as a JSON array', async () => {
    const s = (await callApi(t, 'settingList4key', { body: { keys: ['samplingInfo'] } })).body.data;
    expect(Object.keys(s)).toEqual(['samplingInfo']);
    expect(s.samplingInfo).toEqual((await callApi(t, 'setting')).body.data.samplingInfo);
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
    expect(s.allowRegion).toEqual((await storedValues(['allowRegion'])).allowRegion);
  });

  it('rejects an unknown key in Chinese', async () => {
    expect(await callApi(t, 'settingList4key', { body: { keys: ['password' as SettingKey] } })).toEqual({
      status: 400,
      body: { code: 0, msg: '[配置项]不存在', data: null },
    });
  });

  it('rejects a missing keys field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/open/setting/list4key',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ code: 0, msg: '[配置项]不能为空', data: null });
  });
});
