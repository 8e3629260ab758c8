import { randomBytes } from 'node:crypto';
import type { Address, AddressForm } from '@yance/contracts/user';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  countAddresses,
  deleteAddress,
  findOwnedAddress,
  insertAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
  type AddressFields,
  type AddressRow,
} from './address.repository.ts';

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

/** Another user's address and a missing one answer the same 404, so ids reveal nothing. */
async function owned(ctx: AppContext, userId: number, rid: string): Promise<AddressRow> {
  const row = await findOwnedAddress(ctx.db, userId, rid);
  if (!row) throw notFound('地址');
  return row;
}

/** The user's addresses, default first. */
export async function getAddresses(ctx: AppContext, userId: number): Promise<Address[]> {
  return (await listAddresses(ctx.db, userId)).map(toAddress);
}

/** Adds an address; the first one is always the default. */
export async function addAddress(ctx: AppContext, userId: number, form: AddressForm): Promise<Address> {
  if ((await countAddresses(ctx.db, userId)) >= MAX_ADDRESSES) throw new AppError('INVALID', `[地址]最多${MAX_ADDRESSES}个`);
  const rid = `ad${randomBytes(9).toString('base64url')}`;
  return toAddress(await insertAddress(ctx.db, userId, rid, fieldsOf(form), (existing) => existing === 0 || form.default));
}

/** Edits an owned address; unticking "default" on the default keeps it (there is always one default). */
export async function editAddress(ctx: AppContext, userId: number, rid: string, form: AddressForm): Promise<Address> {
  const row = await owned(ctx, userId, rid);
  return toAddress(await updateAddress(ctx.db, userId, row.id, fieldsOf(form), form.default));
}

/** Deletes an owned address; the newest remaining one takes over as default. */
export async function removeAddress(ctx: AppContext, userId: number, rid: string): Promise<void> {
  const row = await owned(ctx, userId, rid);
  await deleteAddress(ctx.db, userId, row.id);
}

/** Makes an owned address the default. */
export async function makeDefaultAddress(ctx: AppContext, userId: number, rid: string): Promise<void> {
  const row = await owned(ctx, userId, rid);
  await setDefaultAddress(ctx.db, userId, row.id);
}
