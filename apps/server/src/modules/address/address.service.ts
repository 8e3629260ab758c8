import { randomBytes } from 'node:crypto';
import type { Address, AddressForm } from '@yance/contracts/user';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import * as repo from './address.repository.ts';
import type { AddressFields, AddressRow } from './address.repository.ts';

/** Enough for home, lab and a few pick-up places; bounds what one account can store (API4). */
export const MAX_ADDRESSES = 20;

const toAddress = (r: AddressRow): Address => ({
  address_rid: r.rid,
  name: r.name,
  phone: r.phone,
  province: r.province,
  city: r.city,
  area: r.area,
  address: r.address,
  address_code: r.addressCode,
  default: r.isDefault,
});

const fieldsOf = (f: AddressForm): AddressFields => ({
  name: f.name,
  phone: f.phone,
  province: f.province,
  city: f.city,
  area: f.area,
  address: f.address,
  addressCode: f.address_code,
});

/** Another user's address and a missing one answer the same 404, so ids reveal nothing (sampling requests read it too). */
export async function owned(ctx: AppContext, userId: number, rid: string): Promise<AddressRow> {
  const row = await repo.findOwnedAddress(ctx.db, userId, rid);
  if (!row) throw notFound('地址');
  return row;
}

/** The user's addresses, default first. */
export async function getAddresses(ctx: AppContext, userId: number): Promise<Address[]> {
  return (await repo.listAddresses(ctx.db, userId)).map(toAddress);
}

/**
 * Adds an address; the first one is always the default, and a new default
 * replaces the old one. Under the address-book lock, so the cap and the one
 * default hold against parallel requests (ADR 0011).
 */
export async function addAddress(ctx: AppContext, userId: number, form: AddressForm): Promise<Address> {
  return ctx.tx(async (t) => {
    await repo.lockAddressBook(t.db, userId);
    const existing = await repo.countAddresses(t.db, userId);
    if (existing >= MAX_ADDRESSES) throw new AppError('INVALID', `[地址]最多${MAX_ADDRESSES}个`);
    const isDefault = existing === 0 || form.default;
    if (isDefault) await repo.clearDefault(t.db, userId);
    const rid = `ad${randomBytes(9).toString('base64url')}`;
    return toAddress(await repo.insertAddress(t.db, { ...fieldsOf(form), userId, rid, isDefault }));
  });
}

/** Edits an owned address; unticking "default" on the default keeps it (there is always one default). */
export async function editAddress(ctx: AppContext, userId: number, rid: string, form: AddressForm): Promise<Address> {
  return ctx.tx(async (t) => {
    await repo.lockAddressBook(t.db, userId);
    const row = await owned(t, userId, rid);
    if (form.default) await repo.clearDefault(t.db, userId, row.id);
    const patch = form.default ? { ...fieldsOf(form), isDefault: true } : fieldsOf(form);
    return toAddress(await repo.updateAddress(t.db, userId, row.id, patch));
  });
}

/** Deletes an owned address; the newest remaining one takes over as default. */
export async function removeAddress(ctx: AppContext, userId: number, rid: string): Promise<void> {
  await ctx.tx(async (t) => {
    await repo.lockAddressBook(t.db, userId);
    const row = await owned(t, userId, rid);
    const wasDefault = await repo.deleteAddress(t.db, userId, row.id);
    if (!wasDefault) return;
    const newest = await repo.findNewestAddressId(t.db, userId);
    if (newest !== undefined) await repo.updateAddress(t.db, userId, newest, { isDefault: true });
  });
}

/** Makes an owned address the default. */
export async function makeDefaultAddress(ctx: AppContext, userId: number, rid: string): Promise<void> {
  await ctx.tx(async (t) => {
    await repo.lockAddressBook(t.db, userId);
    const row = await owned(t, userId, rid);
    await repo.clearDefault(t.db, userId, row.id);
    await repo.updateAddress(t.db, userId, row.id, { isDefault: true });
  });
}
