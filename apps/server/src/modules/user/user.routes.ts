import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { changeUsername, getUserInfo, updateProfile } from './user.service.ts';

/** The signed-in customer's own account (spec §7 authenticated calls); every call acts on `user`. Changing the phone is in account.routes. */
export const userRoutes = (ctx: AppContext) =>
  ({
    userInfo: ({ user }) => getUserInfo(ctx, user.id),
    updateInfo: ({ user, body }) => changeUsername(ctx, user.id, body.username).then(() => null),
    update4profile: ({ user, body, ip }) => updateProfile(ctx, user.id, body, ip).then(() => null),
  }) satisfies Handlers;
