import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { changePhone, changeUsername, getUserInfo, updateProfile } from './user.service.ts';

/** The signed-in customer's own account (spec §7 authenticated calls); every call acts on `user`. */
export const userRoutes = (ctx: AppContext) =>
  ({
    userInfo: ({ user }) => getUserInfo(ctx, user.id),
    updateInfo: ({ user, body }) => changeUsername(ctx, user.id, body.username).then(() => null),
    update4profile: ({ user, body }) => updateProfile(ctx, user.id, body).then(() => null),
    update4contact: ({ user, body }) => changePhone(ctx, user.id, body.phone, body.code).then(() => null),
  }) satisfies Handlers;
