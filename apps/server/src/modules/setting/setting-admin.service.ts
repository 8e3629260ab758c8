import { areaList } from '@vant/area-data';
import {
  allowRegionIn,
  labCalendar,
  labReview,
  localInfo,
  samplingSetting,
  type AllowRegion,
  type LabCalendarSetting,
  type LabReviewSetting,
  type LocalInfo,
  type SamplingSetting,
} from '@yance/contracts/setting';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { changesOf, recordAudit } from '../audit/index.ts';
import { findSettings, lockSetting, saveSetting } from './setting.repository.ts';
import { serviceAgreementOf } from './service-agreement.service.ts';

/** The region table the storefront's picker shows (@vant/area-data), so a saved code is one a customer can pick. */
const allowRegionChecked = allowRegionIn(areaList);
const CHECKS = { allowRegion: allowRegionChecked, samplingSetting, localInfo, labCalendar, labReview } as const;
type Key = keyof typeof CHECKS;
interface Values {
  allowRegion: AllowRegion;
  samplingSetting: SamplingSetting;
  localInfo: LocalInfo;
  labCalendar: LabCalendarSetting;
  labReview: LabReviewSetting;
}

/** The stored settings as the console edits them; a value that no longer passes its contract reads as null (to be saved anew). */
export async function settingAdminDetail(ctx: AppContext) {
  const stored = await findSettings(ctx.db, Object.keys(CHECKS));
  const read = <K extends Key>(key: K) => {
    const parsed = CHECKS[key].safeParse(stored.get(key));
    return parsed.success ? (parsed.data as Values[K]) : null;
  };
  return {
    allowRegion: read('allowRegion'),
    samplingSetting: read('samplingSetting'),
    localInfo: read('localInfo'),
    labCalendar: read('labCalendar'),
    labReview: read('labReview'),
    serviceAgreement: await serviceAgreementOf(ctx),
  };
}

/** Replaces a stored setting inside the caller's transaction t and returns what it was (undefined when never saved). */
export async function replaceSetting(t: AppContext, key: string, value: unknown): Promise<unknown> {
  const before = await lockSetting(t.db, key);
  await saveSetting(t.db, key, value, t.clock());
  return before;
}

/**
 * Saves a console setting the caller's contract has already checked, with
 * the audit row of who changed what, in one transaction (money, points,
 * invitations, promotion).
 */
export async function saveAuditedSetting(ctx: AppContext, caller: StaffCaller, key: string, value: object, ip: string): Promise<void> {
  await ctx.tx(async (t) => {
    const before = await replaceSetting(t, key, value);
    await recordAudit(t, {
      actor: { kind: 'staff', id: caller.id, name: caller.name },
      action: 'setting.save',
      objectType: 'setting',
      objectId: key,
      changes: changesOf(before === undefined ? null : asRecord(before), asRecord(value)),
      ip,
    });
  });
}

/** Wraps a list so the log reads field by field like an object's. */
const asRecord = (v: unknown): Record<string, unknown> => (Array.isArray(v) ? { list: v } : ((v ?? {}) as Record<string, unknown>));

/**
 * Saves one web setting after checking it with the storefront's own contract
 * (and, for allowRegion, against the region table); a bad value is refused
 * with the first problem's Chinese message and nothing is written. Logged.
 */
export async function saveWebSetting<K extends Key>(ctx: AppContext, caller: StaffCaller, key: K, value: unknown, ip: string) {
  const parsed = CHECKS[key].safeParse(value);
  if (!parsed.success) throw new AppError('INVALID', parsed.error.issues[0]?.message ?? `[${key}]格式不正确`);
  await ctx.tx(async (t) => {
    const before = await replaceSetting(t, key, parsed.data);
    const changes = changesOf(before === undefined ? null : asRecord(before), asRecord(parsed.data));
    if (before !== undefined && Object.keys(changes).length === 0) return;
    await recordAudit(t, {
      actor: { kind: 'staff', id: caller.id, name: caller.name },
      action: 'setting.save',
      objectType: 'setting',
      objectId: key,
      changes,
      ip,
    });
  });
  return settingAdminDetail(ctx);
}
