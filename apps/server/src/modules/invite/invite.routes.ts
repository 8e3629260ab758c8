import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { adminInviteList, inviteInfo, inviteTerms, listInvitees, moveInviteReward } from './invite.service.ts';
import { getInviteSettings, saveInviteSettings } from './invite-settings.service.ts';

/** Invitations (ADR 0054, ADR 0069): the terms for anyone; the customer's own code and invitees scoped to `user`; the console's behind invite.manage. */
export const inviteRoutes = (ctx: AppContext) =>
  ({
    inviteTerms: () => inviteTerms(ctx),
    inviteInfo: ({ user }) => inviteInfo(ctx, user.id),
    inviteList: ({ user, body }) => listInvitees(ctx, user.id, body),
    adminInviteList: ({ query }) => adminInviteList(ctx, query),
    adminInviteSettings: () => getInviteSettings(ctx),
    adminInviteSettingsSave: ({ staff, body, ip }) => saveInviteSettings(ctx, staff, body, ip),
    adminInviteGrant: ({ staff, body, ip }) => moveInviteReward(ctx, staff, 'grant', body, ip),
    adminInviteRefuse: ({ staff, body, ip }) => moveInviteReward(ctx, staff, 'refuse', body, ip),
  }) satisfies Handlers;
