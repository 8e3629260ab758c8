import { routes, urlOf } from '@yance/contracts/routes';
import type { UserInfoResponse } from '@yance/contracts/user';
import type { AppContext } from '../../context.ts';
import type { KeptCall, MemoryAnswer, MemoryAnswers } from '../../lib/memory-answers.ts';
import { tokenOf } from '../../plugins/auth.ts';
import { personalAnswerOf, type Handlers } from '../../plugins/endpoints.ts';
import { keptCustomer } from '../session/index.ts';
import { changeUsername, getUserInfo, updateProfile } from './user.service.ts';

/**
 * user/info for the request's caller while the process keeps both their session (what the scope's guard admits at
 * once) and their answer (ADR 0081): written before Fastify (ADR 0083). Anything else — no token, a session or an
 * answer not kept — is the route's, whose guard and handler read and keep them.
 */
function keptUserInfo(ctx: AppContext): KeptCall {
  const answerOf = personalAnswerOf('userInfo');
  // A kept answer is one object until it is dropped: its bytes are written once.
  const answers = new WeakMap<UserInfoResponse, MemoryAnswer>();
  return (headers) => {
    const token = tokenOf({ headers });
    const user = token ? keptCustomer(ctx, token) : undefined;
    const info = user && ctx.userInfoCache.get(user.id, ctx.clock().getTime());
    if (!info) return undefined;
    let answer = answers.get(info);
    if (!answer) answers.set(info, (answer = answerOf(info)));
    return answer;
  };
}

/** The signed-in customer's own account (spec §7 authenticated calls); every call acts on `user`. Changing the phone is in account.routes. */
export const userRoutes = (ctx: AppContext, memoryAnswers: MemoryAnswers) => {
  memoryAnswers.offerCall(urlOf(routes.userInfo), keptUserInfo(ctx));
  return {
    userInfo: ({ user }) => getUserInfo(ctx, user.id),
    updateInfo: ({ user, body }) => changeUsername(ctx, user.id, body.username).then(() => null),
    update4profile: ({ user, body, ip }) => updateProfile(ctx, user.id, body, ip).then(() => null),
  } satisfies Handlers;
};
