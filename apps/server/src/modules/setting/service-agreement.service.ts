// The service agreement an institution's order is placed under (ADR 0070): a setting the console edits, each save a
// new version; the built-in text of contracts until the first save.
import {
  DEFAULT_SERVICE_AGREEMENT,
  SERVICE_AGREEMENT_KEY,
  serviceAgreement,
  type ServiceAgreement,
  type ServiceAgreementInput,
} from '@yance/contracts/service-agreement';
import type { AppContext, StaffCaller } from '../../context.ts';
import { changesOf, recordAudit } from '../audit/index.ts';
import { findSettings, insertSettingIfMissing, lockSetting, saveSetting } from './setting.repository.ts';

const parsed = (value: unknown): ServiceAgreement | undefined => {
  const r = serviceAgreement.safeParse(value);
  return r.success ? r.data : undefined;
};

/** The agreement in force (the built-in one until the console saves another). */
export async function serviceAgreementOf(ctx: AppContext): Promise<ServiceAgreement> {
  return parsed((await findSettings(ctx.db, [SERVICE_AGREEMENT_KEY])).get(SERVICE_AGREEMENT_KEY)) ?? DEFAULT_SERVICE_AGREEMENT;
}

/**
 * Saves a new text as the next version, under the setting's row lock (two saves at once make two versions, never one
 * number twice), with the audit row. The same text again is no new version.
 */
export async function saveServiceAgreement(ctx: AppContext, caller: StaffCaller, input: ServiceAgreementInput, ip: string) {
  return ctx.tx(async (t) => {
    await insertSettingIfMissing(t.db, SERVICE_AGREEMENT_KEY, DEFAULT_SERVICE_AGREEMENT, t.clock());
    const current = parsed(await lockSetting(t.db, SERVICE_AGREEMENT_KEY)) ?? DEFAULT_SERVICE_AGREEMENT;
    if (current.title === input.title && current.body === input.body) return current;
    const next: ServiceAgreement = { ...input, version: current.version + 1, updatedAt: t.clock().toISOString() };
    await saveSetting(t.db, SERVICE_AGREEMENT_KEY, next, t.clock());
    await recordAudit(t, {
      actor: { kind: 'staff', id: caller.id, name: caller.name },
      action: 'setting.save',
      objectType: 'setting',
      objectId: SERVICE_AGREEMENT_KEY,
      changes: changesOf(
        { title: current.title, body: current.body, version: current.version },
        { title: next.title, body: next.body, version: next.version },
      ),
      ip,
    });
    return next;
  });
}
