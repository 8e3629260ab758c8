import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { endSession, refreshSession, userAgentOf } from '../session/index.ts';
import { newSmsChallenge } from '../sms/index.ts';
import { deviceIdOf } from '../invite/index.ts';
import { login, loginWithCode, register, requestSmsCode, resetPassword } from './account.service.ts';
import { changePhone, sendCurrentPhoneCode } from './change-phone.service.ts';

/** Register, the password and SMS logins, reset, refresh and logout (spec §7), and changing the login phone; declared in @yance/contracts/api. */
export const accountRoutes = (ctx: AppContext) =>
  ({
    smsChallenge: () => newSmsChallenge(ctx),
    code4sms: ({ body, ip }) => requestSmsCode(ctx, body.phone, body.useFor, ip, body.altcha).then(() => null),
    sign: ({ body, ip, request }) => register(ctx, body, ip, userAgentOf(request), deviceIdOf(request)),
    login: ({ body, ip, request }) => login(ctx, body.account, body.password, ip, userAgentOf(request), deviceIdOf(request)),
    loginForCode: ({ body, ip, request }) => loginWithCode(ctx, body.phone, body.code, ip, userAgentOf(request), deviceIdOf(request)),
    reset: ({ body }) => resetPassword(ctx, body.account, body.code, body.password).then(() => null),
    refresh4token: ({ body, ip }) => refreshSession(ctx, body.token, ip),
    logout: ({ user }) => endSession(ctx, user.sessionId).then(() => null),
    code4currentPhone: ({ user, ip }) => sendCurrentPhoneCode(ctx, user.id, ip).then(() => null),
    update4contact: ({ user, body, ip }) => changePhone(ctx, user, body, ip).then(() => null),
  }) satisfies Handlers;
