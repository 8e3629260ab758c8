import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SamplingSetting } from '@yance/contracts/setting';
import type { AuditEntry } from '@yance/contracts/staff';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, staffTokens } from './factories.ts';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = (await staffTokens(t, 'operator')).token;
});
afterAll(async () => t.close());

const settingAudit = async (key: string) =>
  (await callApi(t, 'auditList', { token: (await staffTokens(t, 'admin')).token, query: { objectType: 'setting', objectId: key } })).body
    .data.list as AuditEntry[];

describe('web settings in the console (spec §3, issue 8)', () => {
  it('reads every key and refuses roles without setting.manage', async () => {
    const res = await callApi(t, 'settingAdminDetail', { token: operator });
    expect(res.body.data.allowRegion?.[0]).toEqual({ code: '110101', city: '北京市', district: '东城区' });
    expect(res.body.data.samplingSetting?.sampling_time1).toBe('09:00-11:00');
    expect((await callApi(t, 'settingAdminDetail', { token: (await staffTokens(t, 'lab')).token })).status).toBe(403);
    const manager = (await staffTokens(t, 'manager')).token;
    expect((await callApi(t, 'settingLocalInfoSave', { token: manager, body: { localInfo: res.body.data.localInfo! } })).status).toBe(403);
  });

  it('saves allowRegion checked against the region table; the storefront reads it', async () => {
    const allowRegion = [
      { code: '110108', city: '北京市', district: '海淀区' },
      { code: '440305', city: '深圳市', district: '南山区' },
    ];
    const saved = await callApi(t, 'settingAllowRegionSave', { token: operator, body: { allowRegion }, ip: '198.51.100.4' });
    expect(saved.body).toMatchObject({ msg: '已保存', data: { allowRegion } });
    expect((await callApi(t, 'settingList4key', { body: { keys: ['allowRegion'] } })).body.data.allowRegion).toEqual(allowRegion);
    const [row] = await settingAudit('allowRegion');
    expect(row).toMatchObject({ action: 'setting.save', actorName: '陈运营', ip: '198.51.100.4' });
    expect(row!.changes.list![1]).toEqual(allowRegion);

    const refuse = async (list: unknown) =>
      (await callApi(t, 'settingAllowRegionSave', { token: operator, body: { allowRegion: list as typeof allowRegion } })).body.msg;
    expect(await refuse([{ code: '999999', city: '某市', district: '某区' }])).toBe('[区域编码]999999不存在');
    expect(await refuse([{ code: '11010', city: '北京市', district: '东城区' }])).toBe('[区域编码]应为6位数字');
    expect(await refuse([{ code: '110101', city: '北京市', district: '西城区' }])).toBe('[区域名称]与编码110101不符，应为北京市东城区');
    expect(await refuse([...allowRegion, allowRegion[0]])).toBe('[区域编码]重复');
    expect((await callApi(t, 'setting')).body.data.allowRegion).toEqual(allowRegion);
  });

  it('saves samplingSetting and refuses bad dates, weekdays and slots, writing nothing', async () => {
    const current = (await callApi(t, 'settingAdminDetail', { token: operator })).body.data.samplingSetting!;
    const next: SamplingSetting = {
      ...current,
      disabled_date: ['2027-01-01'],
      disabled_week: [0, 6],
      invalid_disabled_date: ['2027-02-06'],
      disabled_date_time: [{ date: '2026-12-24', time: current.sampling_time4 }],
      WxTip1: '节假日请提前预约',
    };
    const saved = await callApi(t, 'settingSamplingSave', { token: operator, body: { samplingSetting: next } });
    expect(saved.body.data.samplingSetting).toEqual(next);
    expect((await callApi(t, 'setting')).body.data.samplingInfo).toEqual(next);

    const refuse = async (patch: Partial<Record<keyof SamplingSetting, unknown>>) =>
      (await callApi(t, 'settingSamplingSave', { token: operator, body: { samplingSetting: { ...next, ...patch } as SamplingSetting } }))
        .body.msg;
    expect(await refuse({ disabled_date: ['2027-02-30'] })).toBe('[不可取样日期]不是有效日期');
    expect(await refuse({ disabled_date: ['2027/01/01'] })).toBe('[不可取样日期]格式不正确，应为YYYY-MM-DD');
    expect(await refuse({ invalid_disabled_date: ['tomorrow'] })).toBe('[例外开放日期]格式不正确，应为YYYY-MM-DD');
    expect(await refuse({ disabled_week: [7] })).toBe('[不可取样星期]必须是0到6的整数');
    expect(await refuse({ sampling_time2: '11点到13点' })).toBe('[取样时段2]格式不正确，应为HH:MM-HH:MM');
    expect(await refuse({ disabled_time: ['20:00-21:00'] })).toBe('[每日关闭的时段]须是四个取样时段之一');
    expect(await refuse({ WxTip1: undefined })).toBe('[取样提示]不能为空');
    expect((await callApi(t, 'settingAdminDetail', { token: operator })).body.data.samplingSetting).toEqual(next);
    expect((await settingAudit('samplingSetting')).length).toBe(1);
  });

  it('saves localInfo and refuses a bad e-mail', async () => {
    const current = (await callApi(t, 'settingAdminDetail', { token: operator })).body.data.localInfo!;
    const refused = await callApi(t, 'settingLocalInfoSave', { token: operator, body: { localInfo: { ...current, email: 'not-mail' } } });
    expect(refused.body.msg).toBe('[联系邮箱]格式不正确');
    const saved = await callApi(t, 'settingLocalInfoSave', {
      token: operator,
      body: { localInfo: { ...current, phone: '010-6288 0000' } },
    });
    expect(saved.body.data.localInfo?.phone).toBe('010-6288 0000');
    expect((await settingAudit('localInfo'))[0]!.changes).toEqual({ phone: [current.phone, '010-6288 0000'] });
  });
});
