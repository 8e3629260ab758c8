import type { AppContext } from '../../context.ts';
import { addSeconds } from '../../lib/clock.ts';
import { leaseAccessToken, readAccessToken, saveAccessToken } from './wechat.repository.ts';
import { fetchAccessToken } from './wx-official.ts';

/** Refresh this long before WeChat's expiry, so no call goes out with a token about to die. */
const EARLY_SECONDS = 300;
const LEASE_SECONDS = 15;

/**
 * The official account's access_token, cached in the database for every
 * process. When it is stale, one process (holding the lease) fetches a new
 * one; the others wait for it — WeChat invalidates the old token on each fetch.
 */
export async function wechatToken(ctx: AppContext, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<string> {
  const appId = ctx.config.WX_APP_ID!;
  for (let round = 0; round < 50; round++) {
    const now = ctx.clock();
    const row = await readAccessToken(ctx.db, appId);
    if (row?.token && row.expiresAt > addSeconds(now, EARLY_SECONDS)) return row.token;
    if (await leaseAccessToken(ctx.db, appId, now, addSeconds(now, LEASE_SECONDS))) {
      const fresh = await fetchAccessToken(ctx.fetch, ctx.config.WX_API_BASE, appId, ctx.config.WX_APP_SECRET!);
      await saveAccessToken(ctx.db, appId, fresh.token, addSeconds(now, fresh.expiresIn));
      return fresh.token;
    }
    await wait(200);
  }
  throw new Error('wechat access_token: gave up waiting for the refreshing process');
}
