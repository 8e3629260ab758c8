import {
  CUSTOM_TYPE_ID,
  PLAN_LINES_MAX,
  type PlanAddBody,
  type PlanEditBody,
  type PlanLine,
  type PlanListResponse,
} from '@yance/contracts/order';
import { COUNT_MAX, defaultChoices, PriceError, priceOf, type Choices, type Fen, type Priced } from '@yance/contracts/money';
import { bookInstead, needsOf } from '@yance/contracts/line-kinds';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { estimatesOf, type Estimate } from '../turnaround/index.ts';
import * as repo from './plan.repository.ts';
import type { PlanRow } from './plan.repository.ts';

/** The name type 31 is shown with when the catalogue has no such type yet. */
const CUSTOM_TYPE_NAME = '定制项目';
const MISSING_LINE = '方案条目不存在';
export const QUOTE_LINE_FIXED = '定制项目按报价下单，数量与选项不能修改';

/** A line's price by the one rule (ADR 0012): an item priced 0 has no fixed price, so its amount waits for a quote (待报价, ADR 0039). */
export function linePrice(item: Priced, choices: Choices, count: number): { unitFen: Fen; amountFen: Fen | null } {
  const unitFen = priceOf(item, choices, 1);
  const amount = priceOf(item, choices, count);
  return { unitFen, amountFen: item.price_fen === 0 ? null : amount };
}

/** Every option's chosen label, the first choice where none was given: the form a plan line and an order line keep. */
export const fullChoices = (item: Priced, choices: Choices): Record<string, string> => ({ ...defaultChoices(item), ...choices });

/** The price of what the customer asked for, or 400 with the price rule's Chinese reason. */
function priceOrRefuse(item: Priced, choices: Choices, count: number) {
  try {
    return linePrice(item, choices, count);
  } catch (err) {
    if (err instanceof PriceError) throw new AppError('INVALID', err.message);
    throw err;
  }
}

const pricedOf = (r: { priceFen: Fen; options: Priced['options'] }): Priced => ({ price_fen: r.priceFen, options: r.options });

/** A quote line's price: the accepted quote's unit price times its count, never anything the browser sent (ADR 0044). */
export const quotePrice = (unitFen: Fen, count: number): { unitFen: Fen; amountFen: Fen } => ({
  unitFen,
  amountFen: (unitFen * count) as Fen,
});

/** A plan line's price: a quote line's from its quote, a catalogue item's by the one rule (PriceError when its options changed). */
const rowPrice = (r: PlanRow) => (r.quoteLineId !== null ? quotePrice(r.priceFen, r.count) : linePrice(pricedOf(r), r.choices, r.count));

/** A plan line as the customer sees it: the live price, or unavailable when the item left the shelf or no longer has the chosen options. */
function toPlanLine(r: PlanRow, estimate: Estimate): PlanLine {
  let price: { unitFen: Fen; amountFen: Fen | null } | null = null;
  try {
    price = rowPrice(r);
  } catch (err) {
    if (!(err instanceof PriceError)) throw err;
  }
  return {
    id: r.id,
    rid: r.rid,
    name: r.name,
    img: r.img,
    type_id: r.typeId,
    unit: r.unit,
    unit_fen: price?.unitFen ?? r.priceFen,
    choices: r.choices,
    options: r.options.map((o) => ({ name: o.name, choices: o.choices.map((c) => ({ label: c.label, extra_fen: c.extra_fen })) })),
    count: r.count,
    amount_fen: price?.amountFen ?? null,
    turnaround_days: r.turnaroundDays,
    estimate_days: estimate.days,
    estimate_date: estimate.date,
    available: r.onShelf && price !== null,
  };
}

/** plan/list: lines grouped by type_id, 定制项目 (31) first, then the catalogue's type order. */
export async function planList(ctx: AppContext, userId: number): Promise<PlanListResponse> {
  const rows = await repo.listPlanRows(ctx.db, userId);
  // Catalogue items from the lab's queue (ADR 0047); a quoted 定制项目 keeps the turnaround of its quote.
  const catalogue = rows.flatMap((r, i) => (r.deviceId === null ? [] : [{ i, deviceId: r.deviceId, count: r.count }]));
  const live = await estimatesOf(ctx, catalogue);
  const byRow = new Map(catalogue.map((c, k) => [c.i, live[k]!]));
  const estimates = rows.map((r, i): Estimate => byRow.get(i) ?? { days: r.turnaroundDays, date: null });
  const groups = new Map<number, { type_id: number; type_name: string; sort: number; items: PlanLine[] }>();
  for (const [i, r] of rows.entries()) {
    const g = groups.get(r.typeId) ?? { type_id: r.typeId, type_name: r.typeName ?? CUSTOM_TYPE_NAME, sort: r.typeSort ?? 0, items: [] };
    g.items.push(toPlanLine(r, estimates[i]!));
    groups.set(r.typeId, g);
  }
  const rank = (g: { type_id: number; sort: number }) => (g.type_id === CUSTOM_TYPE_ID ? -Infinity : g.sort);
  const dataArr = [...groups.values()]
    .sort((a, b) => rank(a) - rank(b) || a.type_id - b.type_id)
    .map((g) => ({ type_id: g.type_id, type_name: g.type_name, count: g.items.length, items: g.items }));
  return { dataArr, cartNum: rows.length };
}

/** The caller's own plan lines by id, priced now (a coupon's saving, ADR 0053); undefined for a line not theirs. */
export async function planLinesPriced(ctx: AppContext, userId: number, ids: readonly number[]) {
  const rows = new Map((await repo.listPlanRows(ctx.db, userId)).map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = rows.get(id);
    if (!r) return undefined;
    let amountFen: number | null = null;
    try {
      amountFen = rowPrice(r).amountFen;
    } catch (err) {
      if (!(err instanceof PriceError)) throw err;
    }
    return { typeId: r.typeId, deviceId: r.deviceId, amountFen };
  });
}

/** cartNum: how many lines the plan holds (the header badge). */
export const planCount = (ctx: AppContext, userId: number) => repo.countPlan(ctx.db, userId);

/** What goes into a plan: an item by id, its choices and count (再来一单, a draft's dropped lines). */
export interface PlanEntry {
  deviceId: number;
  choices: Record<string, string>;
  count: number;
}

/**
 * Adds to the plan under the owner's lock: the same item with the same
 * choices adds to that line's count (up to COUNT_MAX), anything else is a new
 * line, at most PLAN_LINES_MAX; `alone` (立即下单) always makes a new line. Answers the line's id.
 */
async function putLine(t: AppContext, userId: number, e: PlanEntry, alone = false): Promise<number> {
  const same = alone ? undefined : await repo.findSameLine(t.db, userId, e.deviceId, e.choices);
  if (same) {
    const count = same.count + e.count;
    if (count > COUNT_MAX) throw new AppError('INVALID', `[数量]合计不能超过${COUNT_MAX}`);
    await repo.updatePlanItem(t.db, userId, same.id, { count, at: t.clock() });
    return same.id;
  }
  if ((await repo.countPlan(t.db, userId)) >= PLAN_LINES_MAX)
    throw new AppError('INVALID', `实验方案最多${PLAN_LINES_MAX}个项目，请先下单或删除部分项目`);
  return repo.insertPlanItem(t.db, { userId, ...e, at: t.clock() });
}

/** plan/add: an on-shelf item with valid choices and count, priced by the one rule before it is kept. */
export async function addToPlan(
  ctx: AppContext,
  userId: number,
  body: Omit<PlanAddBody, 'alone'> & { alone?: boolean },
): Promise<{ id: number; cartNum: number }> {
  return ctx.tx(async (t) => {
    const item = await repo.findDeviceForPlan(t.db, body.rid);
    if (!item || !item.onShelf) throw new AppError('NOT_FOUND', '项目不存在或已下架');
    // A 现场预约 item is booked on its instrument's calendar, never ordered through the plan (ADR 0070).
    if (needsOf(item.typeId).slot) throw new AppError('INVALID', bookInstead(item.name));
    const priced = pricedOf(item);
    priceOrRefuse(priced, body.choices, body.count);
    await repo.lockPlanOwner(t.db, userId);
    const id = await putLine(t, userId, { deviceId: item.id, choices: fullChoices(priced, body.choices), count: body.count }, body.alone);
    return { id, cartNum: await repo.countPlan(t.db, userId) };
  });
}

/** plan/edit: other choices or another count for one of the caller's lines; another customer's line is as unknown as a missing one. */
export async function editPlan(ctx: AppContext, userId: number, body: PlanEditBody): Promise<PlanListResponse> {
  await ctx.tx(async (t) => {
    await repo.lockPlanOwner(t.db, userId);
    const [row] = await repo.listPlanRows(t.db, userId, [body.id]);
    if (!row) throw new AppError('NOT_FOUND', MISSING_LINE);
    if (row.quoteLineId !== null) throw new AppError('CONFLICT', QUOTE_LINE_FIXED);
    const priced = pricedOf(row);
    const choices = body.choices === undefined ? row.choices : fullChoices(priced, body.choices);
    const count = body.count ?? row.count;
    priceOrRefuse(priced, choices, count);
    await repo.updatePlanItem(t.db, userId, row.id, { choices, count, at: t.clock() });
  });
  return planList(ctx, userId);
}

/** plan/del: removes the caller's lines among ids; none of them the caller's is a 404. */
export async function removeFromPlan(ctx: AppContext, userId: number, ids: readonly number[]): Promise<PlanListResponse> {
  const gone = await repo.deletePlanItems(ctx.db, userId, ids);
  if (gone === 0) throw new AppError('NOT_FOUND', MISSING_LINE);
  return planList(ctx, userId);
}

/**
 * Takes the caller's lines out of the plan for an order, in the caller's
 * transaction: every id must be one of the caller's lines (another
 * customer's answers as a missing one), on the shelf, with choices the item
 * still has. Answers the lines in the order asked.
 */
export async function takeFromPlan(t: AppContext, userId: number, ids: readonly number[]): Promise<PlanRow[]> {
  await repo.lockPlanOwner(t.db, userId);
  if (ids.length === 0) return [];
  const rows = await repo.listPlanRows(t.db, userId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const taken = ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw new AppError('NOT_FOUND', MISSING_LINE);
    if (!r.onShelf) throw new AppError('INVALID', `「${r.name}」已下架，无法下单，请从实验方案中删除`);
    if (r.quoteLineId === null) priceOrRefuse(pricedOf(r), r.choices, r.count);
    return r;
  });
  await repo.deletePlanItems(t.db, userId, ids);
  return taken;
}

/**
 * Puts entries back into the plan (再来一单, lines a draft no longer holds):
 * items off the shelf or with changed options are skipped and named, and
 * what does not fit under the cap is refused as a whole.
 */
export async function putIntoPlan(
  t: AppContext,
  userId: number,
  entries: readonly PlanEntry[],
): Promise<{ added: number; skipped: string[] }> {
  await repo.lockPlanOwner(t.db, userId);
  const items = new Map(
    (
      await repo.findDevicesByIds(
        t.db,
        entries.map((e) => e.deviceId),
      )
    ).map((d) => [d.id, d]),
  );
  let added = 0;
  const skipped: string[] = [];
  for (const e of entries) {
    const item = items.get(e.deviceId);
    if (!item) continue;
    const fits = item.onShelf && !needsOf(item.typeId).slot && isPriceable(pricedOf(item), e.choices, e.count);
    if (!fits) {
      skipped.push(item.name);
      continue;
    }
    await putLine(t, userId, { ...e, choices: fullChoices(pricedOf(item), e.choices) });
    added++;
  }
  return { added, skipped };
}

function isPriceable(item: Priced, choices: Choices, count: number): boolean {
  try {
    priceOf(item, choices, count);
    return true;
  } catch (err) {
    if (err instanceof PriceError) return false;
    throw err;
  }
}

/**
 * Puts quote lines into the plan as 定制项目 (an accepted quote; a draft's
 * custom lines left out of it), under the owner's lock and within the cap;
 * a line already in the plan stays as it is.
 */
export async function putQuoteLinesIntoPlan(
  t: AppContext,
  userId: number,
  lines: readonly { id: number; count: number }[],
): Promise<number> {
  await repo.lockPlanOwner(t.db, userId);
  if ((await repo.countPlan(t.db, userId)) + lines.length > PLAN_LINES_MAX)
    throw new AppError('INVALID', `实验方案最多${PLAN_LINES_MAX}个项目，请先下单或删除部分项目`);
  await repo.insertQuoteLines(t.db, userId, lines, t.clock());
  return repo.countPlan(t.db, userId);
}
