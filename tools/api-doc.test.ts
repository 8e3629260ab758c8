import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '@yance/contracts/endpoint';
import { endpoints } from '@yance/contracts/endpoints';
import { BEGIN, checkDoc, dataOf, END, fieldsOf, renderCalls, updateDoc } from './api-doc.ts';

const DOC = path.resolve(import.meta.dirname, '../docs/api.md');
const real = () => readFileSync(DOC, 'utf8');

it('docs/api.md is current with the contracts, and writes no call URL by hand', async () => {
  expect(await checkDoc(real(), DOC, endpoints)).toEqual([]);
});

describe('checkDoc', () => {
  it('fails when a contract changed and the tables were not regenerated', async () => {
    const changed = { ...endpoints, ping: { ...endpoints.ping, summary: '存活检查（改）' } };
    expect(await checkDoc(real(), DOC, changed)).toEqual(['the generated call tables are not current: run npm run docs:api']);
  });

  it('fails when a new call is declared and the tables were not regenerated', async () => {
    const added: Record<string, Endpoint> = {
      ...endpoints,
      orderList: { method: 'GET', scope: 'auth', path: '/order/list', summary: '订单列表', response: z.null() },
    };
    expect(await checkDoc(real(), DOC, added)).toEqual(['the generated call tables are not current: run npm run docs:api']);
  });

  it('fails when a call URL is written by hand outside the tables, with or without a query string', async () => {
    const doc = real().replace('## Notes on calls', 'Try `GET /api/open/web/device/search?kw=XRD`.\n\n## Notes on calls');
    expect(await checkDoc(doc, DOC, endpoints)).toEqual([
      '/api/open/web/device/search is written by hand outside the generated tables: name the call instead',
    ]);
  });

  it('does not mistake a longer path or the scope prefix for a call URL', async () => {
    const doc = real().replace('## Notes on calls', 'Not calls: `/api/open/pingpong`, `/api/auth/*`.\n\n## Notes on calls');
    expect(await checkDoc(doc, DOC, endpoints)).toEqual([]);
  });

  it('fails when a note names a call that does not exist (renamed or removed)', async () => {
    const doc = real()
      .replace('- `deviceDetail`:', '- `deviceDetails`:')
      .replace('- `wxCallbackVerify`, `wxCallback`:', '- `wxVerify`, `wxCallback`:');
    expect(await checkDoc(doc, DOC, endpoints)).toEqual([
      'a note is about `deviceDetails`, which is not a call in endpoints.ts',
      'a note is about `wxVerify`, which is not a call in endpoints.ts',
    ]);
  });

  it('asks for exactly one pair of markers', async () => {
    await expect(checkDoc(real().replace(END, ''), DOC, endpoints)).rejects.toThrow(/needs one/);
    await expect(checkDoc(`${real()}\n${BEGIN}\n${END}\n`, DOC, endpoints)).rejects.toThrow(/needs one/);
  });
});

describe('updateDoc', () => {
  const doc = `# T\n\nProse before.\n\n${BEGIN}\nold tables\n${END}\n\nProse after.\n`;
  const two: Record<string, Endpoint> = {
    ping: { method: 'GET', scope: 'open', path: '/ping', summary: '存活检查', response: z.object({ pong: z.literal(true) }) },
    addressDel: {
      method: 'POST',
      scope: 'auth',
      path: '/address/del',
      summary: '删除地址',
      body: z.object({ address_rid: z.string() }),
      response: z.null(),
      success: '已删除',
    },
  };

  it('replaces only the section between the markers, one table per scope, and is stable', async () => {
    const once = await updateDoc(doc, DOC, two);
    expect(once).not.toContain('old tables');
    expect(once.startsWith('# T\n\nProse before.\n\n')).toBe(true);
    expect(once.endsWith(`${END}\n\nProse after.\n`)).toBe(true);
    expect(once).toMatch(
      /### Open calls[^\n]*\n\n\| Call +\|[^\n]*\n[^\n]*\n\| `ping` +\| `GET \/api\/open\/ping` +\| — +\| `pong` +\| 操作成功 +\| 存活检查 +\|/,
    );
    expect(once).toMatch(
      /### Customer calls[^\n]*\n\n[^\n]*\n[^\n]*\n\| `addressDel` \| `POST \/api\/auth\/address\/del` \| body `address_rid` \| `null` +\| 已删除 +\| 删除地址 \|/,
    );
    expect(once).not.toContain('Staff calls');
    expect(await updateDoc(once, DOC, two)).toBe(once);
  });
});

describe('fields', () => {
  it('marks optional and defaulted fields, lists short enums, and shows union alternatives', () => {
    expect(fieldsOf(z.object({ kw: z.string().default(''), sort: z.enum(['a', 'b']).optional(), rid: z.string() }))).toBe(
      '`kw?`, `sort?` (a, b), `rid`',
    );
    expect(fieldsOf(z.object({ keys: z.array(z.enum(['x', 'y'])) }))).toBe('`keys` (x, y)');
    expect(fieldsOf(z.object({ n: z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9']) }))).toBe('`n`');
    expect(fieldsOf(z.union([z.object({ a: z.string() }), z.object({ b: z.string(), c: z.string().optional() })]))).toBe(
      '(`a`) or (`b`, `c?`)',
    );
    expect(fieldsOf(undefined)).toBe('—');
  });

  it('names the data of an answer by its top-level fields, list items or type', () => {
    expect(dataOf(z.object({ token: z.string(), expires: z.number() }))).toBe('`token`, `expires`');
    expect(dataOf(z.array(z.object({ id: z.number() })))).toBe('list of `id`');
    expect(dataOf(z.null())).toBe('`null`');
    expect(dataOf(z.string())).toBe('`string`');
  });

  it('escapes a pipe inside a cell so it cannot split the table', () => {
    const table = renderCalls({ ping: { method: 'GET', scope: 'open', path: '/ping', summary: 'a | b', response: z.null() } });
    expect(table).toContain('| a \\| b |');
  });
});
