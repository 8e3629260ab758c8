import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './create-test-app.ts';

/**
 * The server's edge (ADR 0013, 0015): security headers on every response,
 * uploads that can never run script in our origin, X-Forwarded-For that never
 * becomes a bogus client IP, and the HTTP parser's own errors in our envelope.
 */
let t: TestApp;
let dataDir: string;
let webDist: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'yance-edge-'));
  // A stand-in for the built web app (the unit suite runs before the build).
  webDist = await mkdtemp(path.join(tmpdir(), 'yance-edge-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDist, 'assets/app.js'), 'console.log(1)');
  // What a user could put under DATA_DIR/upload outside the re-encoded pictures of u/ (ADR 0037): script inside an SVG, a plain HTML page.
  await mkdir(path.join(dataDir, 'upload/u'), { recursive: true });
  await mkdir(path.join(dataDir, 'upload/files'), { recursive: true });
  await writeFile(
    path.join(dataDir, 'upload/files/evil.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
  );
  await writeFile(path.join(dataDir, 'upload/files/evil.html'), '<html><body><script>alert(document.domain)</script></body></html>');
  await writeFile(path.join(dataDir, 'upload/files/photo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, WEB_DIST: webDist, TRUST_PROXY: 'loopback,10.0.0.0/8' } });
  // Outside /api: API routes belong to a scope (ADR 0009); this one only reports what Fastify decided.
  t.app.get('/test/ip', { schema: { hide: true } }, async (request) => ({ ip: request.ip }));
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  const pages = [
    ['the API', '/api/open/ping'],
    ['an unknown API path', '/api/open/nothing-here'],
    ['/index.html', '/index.html'],
    ['the SPA fallback', '/detail/abc'],
    ['a built asset', '/assets/app.js'],
    ['the API docs', '/api/docs/static/index.html'],
    ['an image we ship', '/upload/img/device/afm.svg'],
    ['a user upload', '/upload/files/evil.svg'],
    ['a malformed URL (answered before any hook)', '/api/open/%zz'],
  ];
  it.each(pages)('are on %s', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBeLessThan(500);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'|default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('on pages: scripts only from our origin, no inline script, no framing', async () => {
    for (const url of ['/index.html', '/detail/abc', '/api/docs/static/index.html']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, url).not.toMatch(/'unsafe-eval'/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
    }
  });

  it('keep the SPA fallback fresh', async () => {
    const res = await get('/member/orders');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });
});

describe('errors found while routing', () => {
  it('answer a malformed URL in the envelope, without echoing it', async () => {
    for (const url of ['/api/open/%zz', '/%zz']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(json(res), url).toEqual({ code: 0, msg: '请求地址不正确', data: null });
    }
  });
});

describe('/upload', () => {
  it('serves an SVG with script that a user uploaded as a sandboxed download', async () => {
    const res = await get('/upload/files/evil.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('script-src');
  });

  it('serves an uploaded HTML page as a sandboxed download', async () => {
    const res = await get('/upload/files/evil.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment');
    expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
  });

  it('serves even an uploaded image as a download (only images we produced are inline)', async () => {
    const res = await get('/upload/files/photo.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment');
  });

  it('serves from u/ only the pictures the upload re-encoded (hash-named JPEG or PNG), nothing else put there', async () => {
    await writeFile(path.join(dataDir, 'upload/u/evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await get('/upload/u/evil.svg')).statusCode).toBe(404);
  });

  it('shows the images we produced inline, still sandboxed', async () => {
    const res = await get('/upload/img/device/afm.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
  });
});

describe('client IP behind a proxy', () => {
  const ipOf = async (remoteAddress: string, forwardedFor?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    expect(res.statusCode).toBe(200);
    return (json(res) as { ip: string }).ip;
  };

  it('takes the client from a trusted proxy', async () => {
    expect(await ipOf('127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf('10.1.2.3', '198.51.100.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipOf('10.1.2.3', '203.0.113.9:4711')).toBe('203.0.113.9');
    expect(await ipOf('10.1.2.3', '[2001:db8::7]:4711')).toBe('2001:db8::7');
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    expect(await ipOf('198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('never makes a malformed entry the client IP', async () => {
    expect(await ipOf('127.0.0.1', 'garbage')).toBe('127.0.0.1');
    expect(await ipOf('127.0.0.1', '<script>alert(1)</script>')).toBe('127.0.0.1');
    expect(await ipOf('127.0.0.1', '203.0.113.9, not-an-ip')).toBe('127.0.0.1');
    expect(await ipOf('10.1.2.3', '999.1.1.1')).toBe('10.1.2.3');
    expect(await ipOf('10.1.2.3', '')).toBe('10.1.2.3');
    // The client's own junk in front of what our proxy appended does not matter.
    expect(await ipOf('10.1.2.3', 'junk, 1.2.3.4.5, 203.0.113.9')).toBe('203.0.113.9');
    // A chain of trusted proxies ending in junk answers the nearest proxy, not the junk.
    expect(await ipOf('127.0.0.1', 'junk, 10.9.9.9')).toBe('10.9.9.9');
  });
});

describe('links we hand out', () => {
  it('build the WeChat QR link from PUBLIC_URL, whatever Host the request names', async () => {
    const withUrl = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.cn/' } });
    try {
      const res = await withUrl.app.inject({
        method: 'GET',
        url: '/api/open/wx/ticket',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      const { data } = json(res) as { data: { ticket: string; url: string } };
      expect(data.url).toBe(`https://shop.example.cn/wx/confirm/${data.ticket}`);
    } finally {
      await withUrl.close();
    }
  });
});

describe('errors of the HTTP parser', () => {
  let port: number;
  let listening: TestApp;
  beforeAll(async () => {
    listening = await createTestApp();
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    port = (listening.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => listening.close());

  /** Sends raw bytes and reads everything the server writes before it closes. */
  const raw = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', () => {}); // the server resets after answering
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.setTimeout(5000, () => reject(new Error('no answer')));
      socket.write(bytes);
    });
  const envelopeOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));
  /** An answer's headers, lower-cased, without those that differ between any two answers (id, length, date, connection). */
  const headersOf = (response: string) =>
    Object.fromEntries(
      response
        .slice(0, response.indexOf('\r\n\r\n'))
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])
        .filter(([name]) => !['x-request-id', 'content-length', 'date', 'connection', 'keep-alive'].includes(name!)),
    );

  it('carry exactly the headers of a normal API answer (HSTS, COOP, CORP and the rest)', async () => {
    const normal = headersOf(await raw('GET /api/open/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(normal).toHaveProperty('strict-transport-security');
    expect(normal).toHaveProperty('cross-origin-opener-policy');
    expect(normal).toHaveProperty('cross-origin-resource-policy');
    const overflow = await raw(`GET /api/open/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(headersOf(overflow)).toEqual(normal);
    expect(headersOf(await raw('THIS IS NOT HTTP\r\n\r\n'))).toEqual(normal);
  });

  it('answer 431 in the envelope when the headers are too large', async () => {
    const response = await raw(`GET /api/open/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(response).toMatch(/^HTTP\/1\.1 431 /);
    expect(response).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(response).toMatch(/x-content-type-options: nosniff/i);
    expect(envelopeOf(response)).toEqual({ code: 0, msg: '请求头过大', data: null });
  });

  it('answer 400 in the envelope for a malformed request line', async () => {
    const response = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(response)).toEqual({ code: 0, msg: '请求格式不正确', data: null });
  });

  it('answer 400 in the envelope for a malformed header', async () => {
    const response = await raw('GET /api/open/ping HTTP/1.1\r\nHost: x\r\nBad Header Without Colon\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(response)).toMatchObject({ code: 0, data: null });
  });
});

describe('the Node 20 pins (ADR 0016)', () => {
  it('content-disposition 2 names downloads for @fastify/static, cookie 1 serialises inject cookies', async () => {
    const app = Fastify();
    await app.register(fastifyStatic, { root: path.resolve(import.meta.dirname, '../assets/upload') });
    app.get('/download', (_request, reply) => reply.download('img/device/afm.svg', '检测 报告.svg'));
    app.get('/cookie', async (request) => ({ cookie: request.headers.cookie ?? null }));
    const download = await app.inject({ method: 'GET', url: '/download' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="?? ??.svg"; filename*=UTF-8''%E6%A3%80%E6%B5%8B%20%E6%8A%A5%E5%91%8A.svg`,
    );
    const cookie = await app.inject({ method: 'GET', url: '/cookie', cookies: { a: 'b c', x: 'y' } });
    expect(cookie.json()).toEqual({ cookie: 'a=b%20c; x=y' });
    await app.close();
  });
});
