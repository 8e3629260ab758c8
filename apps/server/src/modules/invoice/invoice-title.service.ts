// Invoice titles (发票抬头, spec §7 invoice add/edit/del/default; ADR 0052):
// the customer's buyers, at most INVOICE_TITLES_MAX, one of them the default.
// Every change runs under the customer's account lock (the count cap and the
// one default), and the partial unique index keeps one default whatever runs.
import type { InvoiceTitle, InvoiceTitleForm } from '@yance/contracts/invoice';
import { INVOICE_REFUSED } from '@yance/contracts/invoice';
import { INVOICE_TITLES_MAX, isElectronicInvoice, isSpecialInvoice } from '@yance/contracts/invoice-states';
import type { Address } from '@yance/contracts/user';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { getAddresses, owned as ownedAddress } from '../address/index.ts';
import { lockOrderingCustomer } from '../order/index.ts';
import * as repo from './invoice.repository.ts';
import type { TitleFields, TitleRow } from './invoice.repository.ts';
import { placeText } from '@yance/contracts/place';

export const NO_TITLE = '发票抬头';

/** An address as one line: 张三 13800000000 北京市 北京市 海淀区 学院路1号. */
export const addressLine = (a: Pick<Address, 'name' | 'phone' | 'province' | 'city' | 'area' | 'address'>) =>
  `${a.name} ${a.phone} ${placeText(a)}`;

export const titleOf = (r: TitleRow, addresses: readonly Address[]): InvoiceTitle => {
  const address = r.addressRid ? addresses.find((a) => a.address_rid === r.addressRid) : undefined;
  return {
    id: r.id,
    kind: r.kind,
    holder: r.holder,
    name: r.name,
    tax_id: r.taxId,
    register_address: r.registerAddress,
    register_phone: r.registerPhone,
    bank: r.bank,
    bank_account: r.bankAccount,
    email: r.email,
    address_rid: address ? r.addressRid : '',
    address_text: address ? addressLine(address) : '',
    default: r.isDefault,
  };
};

/**
 * The stored fields of a checked form: what the kind does not use is kept
 * empty (a 普票 keeps no bank, an e-invoice no address), and a paper title's
 * address must be one of the customer's (another's is the address's 404).
 */
async function fieldsOf(ctx: AppContext, userId: number, f: InvoiceTitleForm): Promise<TitleFields> {
  const special = isSpecialInvoice(f.kind);
  const electronic = isElectronicInvoice(f.kind);
  if (!electronic) await ownedAddress(ctx, userId, f.address_rid);
  return {
    kind: f.kind,
    holder: f.holder,
    name: f.name,
    taxId: f.tax_id,
    registerAddress: special ? f.register_address : '',
    registerPhone: special ? f.register_phone : '',
    bank: special ? f.bank : '',
    bankAccount: special ? f.bank_account : '',
    email: electronic ? f.email : '',
    addressRid: electronic ? '' : f.address_rid,
  };
}

/** One of the customer's titles; another's and a missing one answer the same 404. */
export async function ownedTitle(ctx: AppContext, userId: number, id: number): Promise<TitleRow> {
  const row = await repo.findOwnedTitle(ctx.db, userId, id);
  if (!row) throw notFound(NO_TITLE);
  return row;
}

/** invoice/list: the default first, then newest. */
export async function listTitles(ctx: AppContext, userId: number): Promise<{ list: InvoiceTitle[] }> {
  const [rows, addresses] = await Promise.all([repo.listTitles(ctx.db, userId), getAddresses(ctx, userId)]);
  return { list: rows.map((r) => titleOf(r, addresses)) };
}

async function answer(ctx: AppContext, userId: number, row: TitleRow): Promise<InvoiceTitle> {
  return titleOf(row, await getAddresses(ctx, userId));
}

/** invoice/add: the first title is the default, and a new default replaces the old one. */
export async function addTitle(ctx: AppContext, userId: number, form: InvoiceTitleForm): Promise<InvoiceTitle> {
  const row = await ctx.tx(async (t) => {
    await lockOrderingCustomer(t, userId);
    const existing = await repo.countTitles(t.db, userId);
    if (existing >= INVOICE_TITLES_MAX) throw new AppError('INVALID', INVOICE_REFUSED.titlesFull(INVOICE_TITLES_MAX));
    const fields = await fieldsOf(t, userId, form);
    const isDefault = existing === 0 || form.default;
    if (isDefault) await repo.clearDefaultTitle(t.db, userId);
    const at = t.clock();
    return repo.insertTitle(t.db, { ...fields, userId, isDefault, createdAt: at, updatedAt: at });
  });
  return answer(ctx, userId, row);
}

/** invoice/edit: an owned title; unticking "default" on the default keeps it (there is always one while any exists). */
export async function editTitle(ctx: AppContext, userId: number, id: number, form: InvoiceTitleForm): Promise<InvoiceTitle> {
  const row = await ctx.tx(async (t) => {
    await lockOrderingCustomer(t, userId);
    const title = await ownedTitle(t, userId, id);
    const fields = await fieldsOf(t, userId, form);
    if (form.default) await repo.clearDefaultTitle(t.db, userId, title.id);
    return repo.updateTitle(t.db, userId, title.id, { ...fields, ...(form.default ? { isDefault: true } : {}), updatedAt: t.clock() });
  });
  return answer(ctx, userId, row);
}

/** invoice/del: the applications keep their snapshot; the newest remaining title takes over as default. */
export async function removeTitle(ctx: AppContext, userId: number, id: number): Promise<void> {
  await ctx.tx(async (t) => {
    await lockOrderingCustomer(t, userId);
    const title = await ownedTitle(t, userId, id);
    const wasDefault = await repo.deleteTitle(t.db, userId, title.id);
    if (!wasDefault) return;
    const newest = await repo.findNewestTitleId(t.db, userId);
    if (newest !== undefined) await repo.updateTitle(t.db, userId, newest, { isDefault: true, updatedAt: t.clock() });
  });
}

/** invoice/default: an owned title becomes the one default. */
export async function makeDefaultTitle(ctx: AppContext, userId: number, id: number): Promise<void> {
  await ctx.tx(async (t) => {
    await lockOrderingCustomer(t, userId);
    const title = await ownedTitle(t, userId, id);
    await repo.clearDefaultTitle(t.db, userId, title.id);
    await repo.updateTitle(t.db, userId, title.id, { isDefault: true, updatedAt: t.clock() });
  });
}
