import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseWxXml, scanEventOf, wxSignatureValid } from './wx-callback.ts';
import { qrCreateBody } from './wx-official.ts';

const subscribe = `<xml><ToUserName><![CDATA[gh_123456789abc]]></ToUserName>
<FromUserName><![CDATA[oUpF8uMuAJO_M2pxb1Q9zNjWeS6o]]></FromUserName>
<CreateTime>1795334400</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[subscribe]]></Event>
<EventKey><![CDATA[qrscene_abcDEF123_-x]]></EventKey>
<Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRwOi8vd2VpeGluLnFxLmNvbS9xL2taZ2Z3TVRtNzJXV1Brb3ZhYmJJAAIEZ23sUwMEmm3sUw==]]></Ticket>
</xml>`;
const scan = subscribe.replace('<![CDATA[subscribe]]>', '<![CDATA[SCAN]]>').replace('qrscene_abcDEF123_-x', 'abcDEF123_-x');

describe('WeChat callback', () => {
  it('accepts the SHA-1 of the sorted token, timestamp and nonce, and nothing else', () => {
    const q = { timestamp: '1795334400', nonce: '1514711492' };
    const signature = createHash('sha1').update(['1514711492', '1795334400', 'yance-token'].sort().join('')).digest('hex');
    expect(wxSignatureValid('yance-token', { ...q, signature })).toBe(true);
    expect(wxSignatureValid('other-token', { ...q, signature })).toBe(false);
    expect(
      wxSignatureValid('yance-token', {
        ...q,
        signature: signature.replace(/^./, '0') === signature ? signature.replace(/^./, '1') : signature.replace(/^./, '0'),
      }),
    ).toBe(false);
    expect(wxSignatureValid('yance-token', { ...q })).toBe(false);
    expect(wxSignatureValid('yance-token', { ...q, signature: 'zz' })).toBe(false);
  });

  it('parses the flat XML of a push message', () => {
    const f = parseWxXml(subscribe);
    expect(f).toMatchObject({
      FromUserName: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      MsgType: 'event',
      Event: 'subscribe',
      CreateTime: '1795334400',
    });
    expect(parseWxXml('<notxml/>')).toEqual({});
  });

  it('reads the scene of subscribe (qrscene_ prefix) and SCAN events', () => {
    expect(scanEventOf(parseWxXml(subscribe))).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', scene: 'abcDEF123_-x' });
    expect(scanEventOf(parseWxXml(scan))).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o', scene: 'abcDEF123_-x' });
    // A plain follow (no QR) and a text message are not scans.
    expect(scanEventOf(parseWxXml(subscribe.replace('qrscene_abcDEF123_-x', '')))).toBeNull();
    expect(scanEventOf({ MsgType: 'text', FromUserName: 'o1', Content: 'hi' })).toBeNull();
  });

  it('asks qrcode/create for a temporary string-scene code', () => {
    expect(qrCreateBody('abc', 300)).toEqual({
      expire_seconds: 300,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: 'abc' } },
    });
  });
});
