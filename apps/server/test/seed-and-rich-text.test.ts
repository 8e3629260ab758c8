import { PGlite } from '@electric-sql/pglite';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fromPglite, type Database } from '../src/db/client.ts';
import { article, device, projectType, sitePage, typeChild, userAccount } from '../src/db/schema.ts';
import { seedIfEmpty } from '../src/db/seed/seed.ts';
import { insertDevices } from '../src/modules/catalog/catalog-search.repository.ts';
import { createTestApp, json, type TestApp } from './create-test-app.ts';

const open: Database[] = [];
async function emptyDatabase(): Promise<Database> {
  const database = fromPglite(new PGlite());
  open.push(database);
  await database.migrate();
  return database;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

const rows = async (database: Database, table: typeof projectType | typeof device | typeof article) =>
  (await database.db.select({ n: count() }).from(table))[0]!.n;

// Each test migrates a fresh PGlite, and one seeds it: slow on a busy 2-core machine.
describe('seedIfEmpty', { timeout: 120_000 }, () => {
  it('seeds an empty database once; a second call changes nothing', async () => {
    const database = await emptyDatabase();
    expect(await seedIfEmpty(database.db)).toBe(true);
    const items = await rows(database, device);
    const articles = await rows(database, article);
    expect(items).toBeGreaterThan(0);
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await rows(database, device)).toBe(items);
    expect(await rows(database, article)).toBe(articles);
  });

  it('leaves a database alone that already holds accounts but no catalogue', async () => {
    const database = await emptyDatabase();
    await database.db.insert(userAccount).values({ phone: '13900000000', inviteCode: 'INV00001' });
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await rows(database, projectType)).toBe(0);
  });

  it('leaves a database alone whose operators already wrote content but deleted the categories', async () => {
    const database = await emptyDatabase();
    await database.db.insert(sitePage).values({ key: 'profile', title: '公司简介', body: '<p>我们自己写的</p>', updatedOn: '2026-11-01' });
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await rows(database, projectType)).toBe(0);
  });
});

describe('rich HTML written through the repositories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('insertDevices stores sanitised description and sample requirement, and the API serves that', async () => {
    const [child] = await t.db.select().from(typeChild).limit(1);
    const [id] = await insertDevices(t.db, [
      {
        rid: 'xss-probe-1',
        name: '净化探针',
        alias: [],
        typeId: child!.typeId,
        childId: child!.id,
        img: '/x.svg',
        sketch: '',
        priceFen: 100,
        unit: 'sample',
        turnaroundDays: 1,
        orderCount: 0,
        description:
          '<p onclick="steal()">介绍</p><script>alert(1)</script><a href="/\\evil.example/x">链接</a><img src="x" onerror="alert(1)">',
        sampleRequirement: '<p>粉末 1 g</p><iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">点我</a>',
      },
    ]);
    const [stored] = await t.db.select().from(device).where(eq(device.id, id!));
    expect(stored!.description).toBe('<p>介绍</p><a>链接</a>');
    expect(stored!.sampleRequirement).toBe('<p>粉末 1 g</p><a>点我</a>');
    const res = await t.app.inject({ method: 'GET', url: '/api/open/web/device/detail?rid=xss-probe-1' });
    expect(res.statusCode).toBe(200);
    const body = JSON.stringify(json(res));
    expect(body).toContain('介绍');
    expect(body).not.toContain('<script');
    expect(body).not.toContain('evil.example');
  });
});
