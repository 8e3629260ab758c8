// The invitation programme's settings (邀请有礼, ADR 0069): the inviter's
// rebate (rate, months, hold) and the invitee's coupon, kept under the
// setting key `invite` that the console's 邀请有礼 room edits behind
// invite.manage. Every rule the server applies and every word the shop shows
// about the programme come from here.
import { DEFAULT_INVITE_SETTINGS, inviteSettings, type InviteSettings } from '@yance/contracts/invite';
import { INVITE_SETTING_KEY } from '@yance/contracts/invite-states';
import type { AppContext, StaffCaller } from '../../context.ts';
import { getSettingValue, saveAuditedSetting } from '../setting/index.ts';

/** The programme's settings saved in the console, else product.md's defaults. */
export async function getInviteSettings(ctx: AppContext): Promise<InviteSettings> {
  const parsed = inviteSettings.safeParse(await getSettingValue(ctx, INVITE_SETTING_KEY));
  return parsed.success ? parsed.data : DEFAULT_INVITE_SETTINGS;
}

/** Saves the settings (checked by the contract, audited); they apply to the payments and registrations that follow. */
export async function saveInviteSettings(ctx: AppContext, caller: StaffCaller, value: InviteSettings, ip: string) {
  const parsed = inviteSettings.parse(value);
  await saveAuditedSetting(ctx, caller, INVITE_SETTING_KEY, parsed, ip);
  return getInviteSettings(ctx);
}
