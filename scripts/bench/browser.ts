import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });

/** Only loopback traffic: anything else (external images, links) is answered with an empty 204. */
async function loopbackOnly(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => {
    const { hostname, protocol } = new URL(route.request().url());
    if (protocol !== 'http:' && protocol !== 'https:') return route.fallback();
    return hostname === '127.0.0.1' || hostname === 'localhost' ? route.fallback() : route.fulfill({ status: 204, body: '' });
  });
}

const newContext = async (browser: Browser): Promise<BrowserContext> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  await loopbackOnly(context);
  return context;
};

export interface JsWeight {
  files: { url: string; raw: number; gzip: number }[];
  rawBytes: number;
  gzipBytes: number;
}

/**
 * Loads / and sums every JavaScript response fetched until the network is
 * idle, gzipping each body here (level 6, zlib's default) so the figure does
 * not depend on what the server compresses.
 */
export async function homeInitialJs(browser: Browser, baseUrl: string): Promise<JsWeight> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on('response', (res) => {
    const url = res.url();
    const type = res.headers()['content-type'] ?? '';
    const isJs = res.request().resourceType() === 'script' || /javascript/.test(type) || /\.m?js(\?|$)/.test(new URL(url).pathname);
    if (isJs && res.ok() && !bodies.has(url))
      bodies.set(
        url,
        res.body().catch(() => null),
      );
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const files: JsWeight['files'] = [];
  for (const [url, body] of bodies) {
    const buf = await body;
    if (!buf) continue;
    files.push({ url: new URL(url).pathname, raw: buf.length, gzip: gzipSync(buf).length });
  }
  await context.close();
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    files,
    rawBytes: files.reduce((s, f) => s + f.raw, 0),
    gzipBytes: files.reduce((s, f) => s + f.gzip, 0),
  };
}
