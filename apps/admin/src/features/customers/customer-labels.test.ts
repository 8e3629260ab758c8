import { describe, expect, it } from 'vitest';
import { deviceOf } from './customer-labels.tsx';

describe('deviceOf', () => {
  it('names the system and the browser of common user agents, WeChat before the engine it carries', () => {
    const cases: [string, string][] = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'Windows · Chrome'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0', 'Windows · Edge'],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.49 NetType/WIFI',
        'iPhone · 微信',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        'Mac · Safari',
      ],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', 'Android · Chrome'],
      ['curl/8.5.0', '其他设备'],
      ['', '未知设备'],
    ];
    for (const [ua, want] of cases) expect(deviceOf(ua), ua).toBe(want);
  });
});
