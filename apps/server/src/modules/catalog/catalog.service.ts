import type { DeviceDetail, ProjectType } from '@yance/contracts/catalog';
import { ratingOf } from '@yance/contracts/evaluation';
import type { HotItem, Prefecture } from '@yance/contracts/home';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobHandlers } from '../job/index.ts';
import {
  countPaidOrder,
  findChildrenWithCounts,
  foldPaidOrderRows,
  findDeviceByRid,
  findHotDevices,
  findPrefectures,
  findRelated,
  findTypes,
} from './catalog.repository.ts';

const RELATED_COUNT = 4;

/** The three project types with their tags, discount and child categories (with on-shelf counts). */
export async function listTypeGroups(ctx: AppContext): Promise<ProjectType[]> {
  const [types, children] = await Promise.all([findTypes(ctx.db), findChildrenWithCounts(ctx.db)]);
  return types.map((t) => ({
    id: t.id,
    name: t.name,
    img: t.img,
    description: t.description,
    tags: t.description
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean),
    discount_info: { discount_label: t.discountLabel ?? '' },
    typeChildArr: children.filter((c) => c.typeId === t.id).map((c) => ({ id: c.id, name: c.name, count: c.count })),
  }));
}

/** One on-shelf item with up to four related items of its category. */
export async function getDeviceDetail(ctx: AppContext, rid: string): Promise<DeviceDetail> {
  const row = await findDeviceByRid(ctx.db, rid);
  if (!row) throw new AppError('NOT_FOUND', '项目不存在');
  const { id, ratingSum, ratingCount, ...detail } = row;
  const related = await findRelated(ctx.db, row.child_id, id, RELATED_COUNT);
  return { ...detail, related, ...ratingOf(ratingSum ?? 0, ratingCount ?? 0) };
}

/** Hot areas (专区) in their curated order. */
export function listPrefectures(ctx: AppContext): Promise<Prefecture[]> {
  return findPrefectures(ctx.db);
}

/** The featured items of the home page, by hot rank. */
export function listHotItems(ctx: AppContext, limit: number): Promise<HotItem[]> {
  return findHotDevices(ctx.db, limit);
}

/**
 * An order paid (the payment's order-paid event, in its transaction): each
 * catalogue item on it counts one more real order on top of the catalogue's
 * base (已下单, issue 21). Insert-only (ADR 0066): a row per item that pages
 * count at once and the catalog.paidOrders job folds into the item's counter,
 * so payments of a popular item never queue on its row.
 */
export async function countOrderPaid(ctx: AppContext, orderId: number): Promise<void> {
  await countPaidOrder(ctx.db, orderId);
}

/** How many waiting rows one run of catalog.paidOrders folds (it runs again at once while rows are left). */
const FOLD_BATCH = 5_000;

/** Folds the paid orders waiting in paid_order_item into the items' counters; answers how many it folded. */
export async function foldPaidOrders(ctx: AppContext): Promise<number> {
  let folded = 0;
  for (let n = FOLD_BATCH; n === FOLD_BATCH; folded += n) n = await ctx.tx((t) => foldPaidOrderRows(t.db, FOLD_BATCH));
  return folded;
}

export const catalogJobs = {
  'catalog.paidOrders': async (ctx) => {
    await foldPaidOrders(ctx);
  },
} satisfies JobHandlers;
