import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAddress } from '../src/db/schema.ts';
import { MAX_ADDRESSES } from '../src/modules/address/address.service.ts';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { callApi, createUser, type TestUser } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const form = (n: number, isDefault: boolean) => ({
  name: `收件人${n}`,
  phone: '13800000000',
  province: '北京市',
  city: '北京市',
  area: '海淀区',
  address: `中关村大街${n}号`,
  address_code: '110108',
  default: isDefault,
});

const defaultsOf = async (user: TestUser) => {
  const res = await callApi(t, 'userInfo', { token: user.tokens.token });
  return res.body.data.address.filter((a) => a.default);
};

describe('address book under parallel requests (ADR 0011)', () => {
  it('keeps exactly one default when many defaults are added at once', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => callApi(t, 'addressAdd', { token: user.tokens.token, body: form(i, true) })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await defaultsOf(user)).toHaveLength(1);
  });

  it('keeps the cap when more than the remaining room is added at once', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) =>
        callApi(t, 'addressAdd', { token: user.tokens.token, body: form(i, i % 2 === 0) }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_ADDRESSES);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.msg)).toEqual(Array(5).fill(`[地址]最多${MAX_ADDRESSES}个`));
    expect(await defaultsOf(user)).toHaveLength(1);
  });

  it('refuses a second default row in the database itself', async () => {
    const user = await createUser(t);
    const first = await callApi(t, 'addressAdd', { token: user.tokens.token, body: form(1, true) });
    const second = await callApi(t, 'addressAdd', { token: user.tokens.token, body: form(2, false) });
    expect(second.body.data.default).toBe(false);
    const [row] = await t.db.select().from(userAddress).where(eq(userAddress.rid, second.body.data.address_rid));
    await expect(t.db.update(userAddress).set({ isDefault: true }).where(eq(userAddress.id, row!.id))).rejects.toThrow();
    expect((await defaultsOf(user)).map((a) => a.address_rid)).toEqual([first.body.data.address_rid]);
  });
});
