import type { z } from 'zod';
import type { partnerAddBody, partnerEditBody } from '@yance/contracts/content-admin';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { contentWrite, logChange, logRemoval, writeOrder, type Write } from './admin-write.ts';
import { deletePartner, insertPartner, listPartnerRows, lockPartner, updatePartner, type PartnerRow } from './partner.repository.ts';

type AddBody = z.output<typeof partnerAddBody>;
const fieldsOf = (b: AddBody) => ({ name: b.name, img: b.img, url: b.url, sort: b.sort });
const logged = ({ id: _id, ...rest }: PartnerRow) => rest;

export const listPartners = (ctx: AppContext) => listPartnerRows(ctx.db);

export async function addPartner(ctx: AppContext, w: Write, body: AddBody): Promise<PartnerRow> {
  return contentWrite(ctx, async (t) => {
    const row = await insertPartner(t.db, fieldsOf(body));
    await logChange(t, w, { action: 'partner.add', objectType: 'partner', objectId: row.id }, null, logged(row));
    return row;
  });
}

async function lockOrNotFound(ctx: AppContext, id: number): Promise<PartnerRow> {
  const row = await lockPartner(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', '合作机构不存在');
  return row;
}

export async function editPartner(ctx: AppContext, w: Write, body: z.output<typeof partnerEditBody>): Promise<PartnerRow> {
  return contentWrite(ctx, async (t) => {
    const before = await lockOrNotFound(t, body.id);
    const row = await updatePartner(t.db, body.id, fieldsOf(body));
    await logChange(t, w, { action: 'partner.edit', objectType: 'partner', objectId: row.id }, logged(before), logged(row));
    return row;
  });
}

/** Sets the strip's order to `ids` (every partner, once each). */
export async function sortPartners(ctx: AppContext, w: Write, ids: number[]): Promise<PartnerRow[]> {
  return contentWrite(ctx, async (t) => {
    await writeOrder(t, w, await listPartnerRows(t.db), ids, {
      objectType: 'partner',
      label: '合作机构',
      setSort: (id, sort) => updatePartner(t.db, id, { sort }),
    });
    return listPartnerRows(t.db);
  });
}

export async function removePartner(ctx: AppContext, w: Write, id: number): Promise<null> {
  return contentWrite(ctx, async (t) => {
    const before = await lockOrNotFound(t, id);
    await deletePartner(t.db, id);
    await logRemoval(t, w, { action: 'partner.remove', objectType: 'partner', objectId: id }, logged(before));
    return null;
  });
}
