import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@yance/contracts/endpoints';
import { urlOf } from '@yance/contracts/routes';
import { scopeProblem } from '../src/plugins/scopes.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';
import { createUser } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => t.close());

const names = Object.keys(endpoints) as EndpointName[];
/** Every call that needs a token: the customer scope's, and the admin scope's but sign-in and refresh (ADR 0032). */
const guarded = names.filter((n) => endpoints[n].scope !== 'open' && (endpoints[n] as { access?: string }).access !== 'anyone');

/** Spellings of a path that a router, a proxy or a browser may treat as the same path. */
function variants(url: string): string[] {
  const [, api, scope, ...rest] = url.split('/');
  const tail = rest.join('/');
  const encodedFirst = `%${scope!.charCodeAt(0).toString(16)}${scope!.slice(1)}`;
  const lastSegment = rest.at(-1)!;
  const encodedLast = `${rest.slice(0, -1).join('/')}${rest.length > 1 ? '/' : ''}%${lastSegment.charCodeAt(0).toString(16).toUpperCase()}${lastSegment.slice(1)}`;
  return [
    url,
    `/${api}/${encodedFirst}/${tail}`,
    `/${api}/${scope}/${encodedLast}`,
    `/${api}//${scope}/${tail}`,
    `/${api}/${scope}//${tail}`,
    `//${api}/${scope}/${tail}`,
    `${url}/`,
    `${url}.`,
    `${url}%2e`,
    url.toUpperCase(),
    `/${api}/${scope![0]!.toUpperCase()}${scope!.slice(1)}/${tail}`,
    `${url}?token=x`,
    `${url};token=x`,
  ];
}

describe('API scopes (ADR 0009)', () => {
  it('registers every declared endpoint at its URL, in the scope it declares', () => {
    for (const name of names) {
      const ep = endpoints[name];
      const found = t.app.routeTable.filter((r) => r.url === urlOf(ep) && r.method === ep.method);
      expect(found, name).toHaveLength(1);
      expect(found[0]!.scope, name).toBe(ep.scope);
    }
  });

  it('has no /api route outside a scope or in the wrong one', () => {
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(names.length);
    expect(apiRoutes.map(scopeProblem).filter(Boolean)).toEqual([]);
  });

  it('refuses at start-up a route under /api that is in no scope or the wrong one', () => {
    expect(scopeProblem({ method: 'POST', url: '/api/auth/x', scope: undefined })).toMatch(/in no scope/);
    expect(scopeProblem({ method: 'POST', url: '/api/auth/x', scope: 'open' })).toMatch(/registered in scope open/);
    expect(scopeProblem({ method: 'POST', url: '/API/Auth/x', scope: 'open' })).toMatch(/registered in scope open/);
    expect(scopeProblem({ method: 'GET', url: '/detail/:rid', scope: undefined })).toBeNull();
    expect(() => t.app.get('/api/auth/sneaky', async () => 'open')).toThrow();
  });

  it.each(guarded)('answers 401 to every spelling of %s without a token', async (name) => {
    const ep = endpoints[name];
    for (const url of variants(urlOf(ep))) {
      for (const method of [ep.method, 'GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(json(res), `${method} ${url}`).toMatchObject({ code: 401, data: null });
      }
    }
  });

  it('answers 401 to unknown paths under a guarded scope, so they reveal nothing', async () => {
    for (const url of ['/api/auth/nothing', '/api/auth/', '/api/admin/staff/list', '/API/ADMIN/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lets a signed-in customer through the same spellings to the same answer', async () => {
    const user = await createUser(t);
    const headers = { token: user.tokens.token };
    for (const url of ['/api/auth/user/info', '/api/%61uth/user/info', '/api//auth/user/info', '/API/AUTH/USER/INFO']) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: {} });
      expect(res.statusCode, url).toBe(200);
      expect(json(res)).toMatchObject({ code: 1, data: { userInfo: { phone: user.phone } } });
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/nothing', headers, payload: {} });
    expect(unknown.statusCode).toBe(404);
  });

  it('marks signed-in answers no-store, success or failure', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/user/info', payload: {} });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const user = await createUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/user/info', headers: { token: user.tokens.token }, payload: {} });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses every /api/admin call until staff can sign in', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/anything', headers: { token: user.tokens.token } });
    expect(res.statusCode).toBe(401);
  });
});
