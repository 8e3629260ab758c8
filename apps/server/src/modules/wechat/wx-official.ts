import type { Fetch } from '../../context.ts';

/** The cgi-bin API under WX_API_BASE (no trailing slash). */
const cgi = (base: string) => `${base.replace(/\/+$/, '')}/cgi-bin`;

/** Body of cgi-bin/qrcode/create for a temporary QR code carrying our scene string. */
export const qrCreateBody = (scene: string, expireSeconds: number) => ({
  expire_seconds: expireSeconds,
  action_name: 'QR_STR_SCENE',
  action_info: { scene: { scene_str: scene } },
});

type WxError = { errcode?: number; errmsg?: string };

async function call<T>(fetch: Fetch, url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const data = (await res.json()) as T & WxError;
  if (!res.ok || (data.errcode !== undefined && data.errcode !== 0))
    throw new Error(`wechat ${url.split('?')[0]} ${res.status} ${data.errcode ?? ''} ${data.errmsg ?? ''}`);
  return data;
}

/** A fresh access_token (cgi-bin/token); callers cache it for every process (wechat-token.ts). */
export async function fetchAccessToken(
  fetch: Fetch,
  base: string,
  appId: string,
  secret: string,
): Promise<{ token: string; expiresIn: number }> {
  const q = new URLSearchParams({ grant_type: 'client_credential', appid: appId, secret });
  const data = await call<{ access_token: string; expires_in: number }>(fetch, `${cgi(base)}/token?${q}`);
  return { token: data.access_token, expiresIn: data.expires_in };
}

/** Creates the temporary QR code; url is what the QR image encodes. */
export async function createQrCode(fetch: Fetch, base: string, accessToken: string, scene: string, expireSeconds: number) {
  return call<{ ticket: string; expire_seconds: number; url: string }>(
    fetch,
    `${cgi(base)}/qrcode/create?access_token=${encodeURIComponent(accessToken)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(qrCreateBody(scene, expireSeconds)),
    },
  );
}
