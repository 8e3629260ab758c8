import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import http, { Agent } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerHeaders, overSocket } from '../../../test/socket-helpers.ts';
import { createMemoryAnswers } from '../../lib/memory-answers.ts';
import { errorsPlugin } from '../errors.ts';
import { isPageRenderCall, pageUrlOf, webPagesPlugin } from './index.ts';

describe('pageUrlOf', () => {
  it('keeps the path and drops every parameter a page does not read', () => {
    expect(pageUrlOf('/detail/abc?utm_source=wx&from=timeline')).toBe('/detail/abc');
    expect(pageUrlOf('/list/news?page=2&_=1700000000')).toBe('/list/news?page=2');
    expect(pageUrlOf('/')).toBe('/');
  });

  it('writes the parameters it keeps in one fixed order, whatever order they came in', () => {
    const a = pageUrlOf('/project?areaId=3&childId=2&typeId=1&sort=price_asc&kw=XRD&page=2');
    const b = pageUrlOf('/project?page=2&kw=XRD&sort=price_asc&typeId=1&childId=2&areaId=3');
    expect(a).toBe('/project?page=2&kw=XRD&sort=price_asc&typeId=1&childId=2&areaId=3');
    expect(b).toBe(a);
  });

  it('drops empty parameters and keeps the first of a repeated one', () => {
    expect(pageUrlOf('/search?kw=&page=')).toBe('/search');
    expect(pageUrlOf('/search?kw=XRD&kw=SEM')).toBe('/search?kw=XRD');
  });

  it('gives one key for a Chinese path or keyword, typed or percent-encoded', () => {
    expect(pageUrlOf('/project/1/送样检测')).toBe(pageUrlOf('/project/1/%E9%80%81%E6%A0%B7%E6%A3%80%E6%B5%8B'));
    expect(pageUrlOf('/search?kw=衍射')).toBe(pageUrlOf('/search?kw=%E8%A1%8D%E5%B0%84'));
    expect(pageUrlOf('/search?kw=衍射')).toBe('/search?kw=%E8%A1%8D%E5%B0%84');
  });

  it('never lets a crafted URL leave the site path', () => {
    expect(pageUrlOf('//evil.example/x?kw=1')).toBe('/x?kw=1');
    expect(pageUrlOf('/a/../b#frag')).toBe('/b');
  });
});

/** A built index.html with the markers the template needs. */
const INDEX = `<!doctype html><html><head><!--page-head--><title>研测</title><!--/page-head--><script type="module" src="/assets/index-E.js"></script></head><body><div id="root"></div></body></html>`;
const MANIFEST = { 'index.html': { file: 'assets/index-E.js', isEntry: true } };

/**
 * A stand-in for the web's entry-server.js (same seam, packages/contracts
 * page-render.ts): a page that names the render count and what the API
 * answered through the server's in-process transport.
 */
const RENDERER = `
let transport;
let renders = 0;
let flaked = false;
export function configure(options) { transport = options.transport; }
export async function render(url, origin) {
  const u = new URL(url, origin);
  if (u.pathname.startsWith('/member')) return { kind: 'shell' };
  if (u.pathname === '/about') return { kind: 'redirect', status: 302, location: '/about/profile' };
  if (u.pathname === '/boom') throw new Error('render blew up');
  if (u.pathname === '/flaky' && !flaked) {
    flaked = true;
    throw new Error('render blew up once');
  }
  renders++;
  const api = await transport.fetch(new URL('/api/echo?x=1', transport.origin()), { method: 'GET' });
  const body = await api.json();
  return {
    kind: 'page',
    status: u.pathname === '/no/such/page' ? 404 : 200,
    head: '<title>' + u.pathname + '</title>',
    html: '<p>render ' + renders + ' of ' + url + ' for ' + origin + '; api said ' + body.said + '; filler ' + 'x'.repeat(2000) + '</p>',
    state: '<script type="application/json" id="server-state">{}</script>',
    files: [],
  };
}
`;

async function webBuild(withRenderer: boolean): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'yance-web-pages-'));
  const dist = path.join(root, 'dist');
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (withRenderer) {
    await mkdir(path.join(dist, '.server'));
    await writeFile(path.join(dist, '.server', 'entry-server.js'), RENDERER);
  }
  return dist;
}

async function pagesApp(webDist: string, publicUrl?: string): Promise<FastifyInstance> {
  const app = Fastify({ routerOptions: { caseSensitive: false } });
  await app.register(errorsPlugin);
  app.get('/api/echo', async (request) => ({
    said: `echo ${JSON.stringify(request.query)} token=${request.headers.token ?? 'none'} render=${isPageRenderCall(request)}`,
  }));
  await app.register(webPagesPlugin, { webDist, publicUrl });
  await app.ready();
  return app;
}

describe('webPagesPlugin', () => {
  const roots: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = await webBuild(true);
    roots.push(path.dirname(dist));
    app = await pagesApp(dist, 'https://www.yance.example');
  });
  afterAll(async () => {
    await app?.close();
    for (const r of roots) await rm(r, { recursive: true, force: true });
  });

  it('answers a page with its head, markup and state, rendered for the public origin through the in-process API', async () => {
    const res = await app.inject({ url: '/detail/abc', headers: { token: 'someone-else' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    expect(res.body).toMatch(
      /<head><title>\/detail\/abc<\/title>\s*<script type="module" src="\/assets\/index-E.js"><\/script>\s*<\/head>/,
    );
    expect(res.body).toMatch(
      /<div id="root"><p>render \d+ of \/detail\/abc for https:\/\/www\.yance\.example; api said echo \{"x":"1"\} token=none render=true;/,
    );
    // A caller cannot pass for the render (and so leave the request log) by sending the header.
    const forged = await app.inject({ url: '/api/echo', headers: { 'x-page-render': 'guess' } });
    expect(forged.json()).toEqual({ said: 'echo {} token=none render=false' });
    expect(res.body).toContain('</div><script type="application/json" id="server-state">{}</script></body>');
  });

  it('renders a URL once within the TTL, and ignored parameters share its entry', async () => {
    const first = await app.inject({ url: '/list/news?page=2' });
    const again = await app.inject({ url: '/list/news?utm_source=wx&page=2' });
    expect(again.body).toBe(first.body);
    const other = await app.inject({ url: '/list/news?page=3' });
    expect(other.body).not.toBe(first.body);
  });

  it('shares one render among concurrent requests for a URL', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: '/televised' })));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('gzips once when the client accepts it', async () => {
    const plain = await app.inject({ url: '/contact' });
    const zipped = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("answers with the page's own status (404 for an unknown path), still with its HTML", async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>/no/such/page</title>');
  });

  it('answers a browser-only page with the bare, uncached shell', async () => {
    const res = await app.inject({ url: '/member/center' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("follows the render's redirect", async () => {
    const res = await app.inject({ url: '/about' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/about/profile');
  });

  it('answers the fresh (uncached by browsers) shell when the render fails', async () => {
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('does not keep a failed render: the next request renders again', async () => {
    const first = await app.inject({ url: '/flaky' });
    expect(first.body).toBe(INDEX);
    const second = await app.inject({ url: '/flaky' });
    expect(second.body).toContain('<title>/flaky</title>');
  });

  it('leaves unknown API paths to the API: the JSON envelope, not a page', async () => {
    for (const url of ['/api/open/web/nope', '/API/open/web/nope', '/api']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual({ code: 404, msg: '接口不存在', data: null });
    }
  });

  it('without a server render build, answers every page with the shell, whatever its index.html holds', async () => {
    const dist = await webBuild(false);
    roots.push(path.dirname(dist));
    // A hand-written or older index.html without the page-head markers still serves.
    const plain = '<!doctype html><html><head><title>研测</title></head><body><div id="root"></div></body></html>';
    await writeFile(path.join(dist, 'index.html'), plain);
    const bare = await pagesApp(dist);
    try {
      const res = await bare.inject({ url: '/detail/abc' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(plain);
      expect(res.headers['cache-control']).toBe('no-cache');
    } finally {
      await bare.close();
    }
  });
});

describe('rendered pages written from memory (ADR 0083)', () => {
  const roots: string[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const routes: string[] = [];
  const answers = createMemoryAnswers();
  let app: FastifyInstance;
  let port = 0;

  const get = (url: string, headers: Record<string, string> = {}) => overSocket(port, agent, { path: url, headers });

  beforeAll(async () => {
    const dist = await webBuild(true);
    roots.push(path.dirname(dist));
    // As app.ts makes it: the HTTP server's listener tries the answers held in memory first.
    app = Fastify({ serverFactory: (handler) => http.createServer((req, res) => answers.answer(req, res, handler)) });
    await app.register(errorsPlugin);
    app.get('/api/echo', async () => ({ said: 'echo' }));
    await app.register(webPagesPlugin, { webDist: dist, memoryAnswers: answers });
    answers.wire({ serving: () => true, headers: {}, requestId: () => 'r', recorder: (_m, route) => () => void routes.push(route) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    agent.destroy();
    await app?.close();
    for (const r of roots) await rm(r, { recursive: true, force: true });
  });

  it("writes a fresh page as its route does, gzipped or not, under the pages' one route label", async () => {
    for (const accept of [{ 'accept-encoding': 'gzip, deflate, br' }, {}] as Record<string, string>[]) {
      const rendered = await get('/list/news?page=2', accept);
      const before = answers.answered;
      const held = await get('/list/news?utm_source=wx&page=2', accept);
      expect(answers.answered).toBe(before + 1);
      expect(held.status).toBe(200);
      expect(held.body.equals(rendered.body)).toBe(true);
      expect(answerHeaders(held)).toEqual(answerHeaders(rendered));
    }
    expect(routes.at(-1)).toBe('/*');
  });

  it('leaves to the route what is not a fresh 200 page: a 404, the shell, a redirect, the API, another encoding', async () => {
    for (const url of ['/no/such/page', '/member/center', '/about', '/api/echo', '/api/nothing']) await get(url);
    const before = answers.answered;
    expect((await get('/no/such/page')).status).toBe(404);
    expect((await get('/member/center')).headers['cache-control']).toBe('no-cache');
    expect((await get('/about')).status).toBe(302);
    expect((await get('/api/echo')).body.toString()).toBe('{"said":"echo"}');
    expect((await get('/API/nothing')).status).toBe(404);
    await get('/contact');
    // A client taking brotli only: the route's (the app's compression plugin encodes it there).
    expect((await get('/contact', { 'accept-encoding': 'br' })).status).toBe(200);
    expect(answers.answered).toBe(before);
  });

  it('without a public URL, leaves a forwarded request to the route (Fastify reads a trusted proxy’s origin)', async () => {
    const dist = await webBuild(true);
    roots.push(path.dirname(dist));
    const behind = createMemoryAnswers();
    const proxied = Fastify({
      trustProxy: true,
      serverFactory: (handler) => http.createServer((req, res) => behind.answer(req, res, handler)),
    });
    await proxied.register(webPagesPlugin, { webDist: dist, memoryAnswers: behind });
    behind.wire({ serving: () => true, headers: {}, requestId: () => 'r', recorder: () => () => {} });
    await proxied.listen({ port: 0, host: '127.0.0.1' });
    const own = port;
    port = (proxied.server.address() as { port: number }).port;
    try {
      // Rendered for the socket's own host first: a request forwarded for another host must not get that page.
      expect((await get('/contact')).body.toString()).toContain(`for http://127.0.0.1:${port}`);
      expect((await get('/contact')).body.toString()).toContain(`for http://127.0.0.1:${port}`);
      expect(behind.answered).toBe(1);
      expect((await get('/contact', { 'x-forwarded-host': 'shop.example' })).body.toString()).toContain('for http://shop.example');
      expect((await get('/contact', { 'x-forwarded-proto': 'https' })).body.toString()).toContain(`for https://127.0.0.1:${port}`);
      expect(behind.answered).toBe(1);
    } finally {
      port = own;
      await proxied.close();
    }
  });
});
