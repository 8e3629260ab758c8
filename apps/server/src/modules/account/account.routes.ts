import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { endSession, refreshSession } from '../session/session.service.ts';
import { login, loginWithCode, register, requestSmsCode, resetPassword } from './account.service.ts';

/** Register, the password and SMS logins, reset, refresh and logout (spec §7); declared in @yance/contracts/api/account. */
export const accountRoutes = (ctx: AppContext) =>
  ({
    code4sms: ({ body, ip }) => requestSmsCode(ctx, body.phone, body.useFor, ip).then(() => null),
    sign: ({ body, ip }) => register(ctx, body, ip),
    login: ({ body, ip }) => login(ctx, body.account, body.password, ip),
    loginForCode: ({ body, ip }) => loginWithCode(ctx, body.phone, body.code, ip),
    reset: ({ body }) => resetPassword(ctx, body.account, body.code, body.password).then(() => null),
    refresh4token: ({ body, ip }) => refreshSession(ctx, body.token, ip),
    logout: ({ user }) => endSession(ctx, user.sessionId).then(() => null),
  }) satisfies Handlers;
