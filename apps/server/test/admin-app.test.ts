import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.ts';

/** The console's files at /admin (ADR 0033), with stand-ins for both builds (the unit suite runs before the build). */
let t: TestApp;
let dirs: string[];

beforeAll(async () => {
  const [webDist, adminDist] = await Promise.all([
    mkdtemp(path.join(tmpdir(), 'yance-web-')),
    mkdtemp(path.join(tmpdir(), 'yance-admin-')),
  ]);
  dirs = [webDist, adminDist];
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>storefront</title><div id="root"></div>');
  await mkdir(path.join(adminDist, 'assets'));
  await writeFile(
    path.join(adminDist, 'index.html'),
    '<!doctype html><title>console</title><script type="module" src="/admin/assets/index-abc.js"></script>',
  );
  await writeFile(path.join(adminDist, 'assets/index-abc.js'), 'console.log("console")');
  t = await createTestApp({ env: { WEB_DIST: webDist, ADMIN_DIST: adminDist } });
});
afterAll(async () => {
  await t.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the console at /admin', () => {
  it("answers every console path with its index.html, never cached, under the page's CSP", async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/staff?page=2', '/admin/a/b/c']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>console</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves its hashed files for a year, and a missing file as 404 (not the page)', async () => {
    const js = await get('/admin/assets/index-abc.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toContain('console');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/admin/assets/index-old.js')).statusCode).toBe(404);
    expect((await get('/admin/favicon.png')).statusCode).toBe(404);
  });

  it("leaves the storefront's pages and the admin API alone", async () => {
    expect((await get('/about')).body).toContain('<title>storefront</title>');
    expect((await get('/administrator')).body).not.toContain('<title>console</title>');
    const api = await get('/api/admin/staff/list');
    expect(api.statusCode).toBe(401);
    expect(api.headers['content-type']).toContain('application/json');
  });
});
