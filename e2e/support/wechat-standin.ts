import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the official account's settings hold; the server under test gets the same (WX_* env). */
export const WX_STANDIN_ENV = {
  WX_PROVIDER: 'official',
  WX_APP_ID: 'wx00e2e0standin00',
  WX_APP_SECRET: 'standin-secret',
  WX_CALLBACK_TOKEN: 'standin-callback-token',
} as const;

export interface WechatStandin {
  /** http://127.0.0.1:<port>, for WX_API_BASE. */
  readonly base: string;
  /** The scene strings of the QR codes the server asked for, oldest first (our ticket is the scene). */
  readonly scenes: readonly string[];
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8').on('data', (c: string) => (text += c));
    req.on('end', () => resolve(text)).on('error', reject);
  });

/**
 * A stand-in for WeChat's server API (cgi-bin/token and cgi-bin/qrcode/create
 * as WeChat documents them), so the official-account flow runs on one machine:
 * the server under test calls it through WX_API_BASE, the test plays the
 * phone's scan by posting a signed event to our callback (wechatScan).
 */
export function useWechatStandin(): WechatStandin {
  const scenes: string[] = [];
  let base = '';
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const send = (data: object) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (url.pathname === '/cgi-bin/token' && url.searchParams.get('appid') === WX_STANDIN_ENV.WX_APP_ID) {
        return send({ access_token: 'standin-access-token', expires_in: 7200 });
      }
      if (url.pathname === '/cgi-bin/qrcode/create' && url.searchParams.get('access_token') === 'standin-access-token') {
        const body = JSON.parse(await bodyOf(req)) as { expire_seconds: number; action_info: { scene: { scene_str: string } } };
        scenes.push(body.action_info.scene.scene_str);
        return send({
          ticket: `gQ-${scenes.length}`,
          expire_seconds: body.expire_seconds,
          url: `http://weixin.qq.com/q/02standin${scenes.length}`,
        });
      }
      send({ errcode: 40001, errmsg: 'invalid credential' });
    })();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    get base() {
      if (!base) throw new Error('the WeChat stand-in has not started');
      return base;
    },
    scenes,
  };
}

/**
 * What WeChat posts to our callback when a user scans our QR code: someone not
 * yet following the account follows it (subscribe, EventKey qrscene_<scene>),
 * a follower sends SCAN (EventKey <scene>); signed with the callback token as
 * WeChat signs (SHA-1 of the sorted token, timestamp and nonce).
 */
export async function wechatScan(baseUrl: string, scene: string, openid: string, event: 'subscribe' | 'SCAN'): Promise<string> {
  const key = event === 'subscribe' ? `qrscene_${scene}` : scene;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(Math.floor(Math.random() * 1e9));
  const signature = createHash('sha1').update([WX_STANDIN_ENV.WX_CALLBACK_TOKEN, timestamp, nonce].sort().join('')).digest('hex');
  const xml = `<xml><ToUserName><![CDATA[gh_standin]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey></xml>`;
  const res = await fetch(`${baseUrl}/api/open/wx/callback?signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body: xml,
  });
  return res.text();
}
