import { and, asc, count, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { DeviceOption } from '@yance/contracts/catalog';
import { demandNo } from '@yance/contracts/demand';
import { CUSTOM_TYPE_ID } from '@yance/contracts/order';
import type { Fen, PriceUnit } from '@yance/contracts/money';
import type { Executor } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { qualified } from '../../db/qualified.ts';
import { demandQuoteLine, device, planItem, projectType, userAccount } from '../../db/schema.ts';

/** A plan line with what its price and display need: a catalogue item's (live price), or an accepted quote's line (type 31). */
export interface PlanRow {
  id: number;
  userId: number;
  /** The catalogue item; null for a quote line. */
  deviceId: number | null;
  /** The accepted quote's line (定制项目, ADR 0044); null for a catalogue item. */
  quoteLineId: number | null;
  choices: Record<string, string>;
  count: number;
  rid: string;
  name: string;
  img: string;
  typeId: number;
  typeName: string | null;
  typeSort: number | null;
  unit: PriceUnit;
  priceFen: Fen;
  options: DeviceOption[];
  turnaroundDays: number;
  onShelf: boolean;
}

const rowColumns = {
  id: planItem.id,
  userId: planItem.userId,
  deviceId: planItem.deviceId,
  quoteLineId: planItem.quoteLineId,
  choices: planItem.choices,
  count: planItem.count,
  rid: device.rid,
  name: device.name,
  img: device.img,
  typeId: device.typeId,
  typeName: projectType.name,
  typeSort: projectType.sort,
  unit: device.unit,
  priceFen: device.priceFen,
  options: device.options,
  turnaroundDays: device.turnaroundDays,
  onShelf: device.onShelf,
  q: {
    demandId: demandQuoteLine.demandId,
    name: demandQuoteLine.name,
    unit: demandQuoteLine.unit,
    unitFen: demandQuoteLine.unitFen,
    turnaroundDays: demandQuoteLine.turnaroundDays,
    sort: demandQuoteLine.sort,
  },
};

/** 定制项目's item number: the demand's number and the line's place in the quote (XQ000012-01). */
export const quoteRid = (demandId: number, sort: number) => `${demandNo(demandId)}-${String(sort + 1).padStart(2, '0')}`;

/** The user's plan lines, oldest first, each with its item or its quote line. */
export async function listPlanRows(db: Executor, userId: number, ids?: readonly number[]): Promise<PlanRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(planItem)
    .leftJoin(device, eq(device.id, planItem.deviceId))
    .leftJoin(projectType, eq(projectType.id, device.typeId))
    .leftJoin(demandQuoteLine, eq(demandQuoteLine.id, planItem.quoteLineId))
    .where(and(eq(planItem.userId, userId), ids ? inArray(planItem.id, [...ids]) : undefined))
    .orderBy(asc(planItem.id));
  return rows.flatMap(({ q, ...r }): PlanRow[] => {
    if (r.deviceId !== null && r.rid !== null) return [r as PlanRow];
    if (r.quoteLineId === null || !q) return [];
    return [
      {
        ...r,
        rid: quoteRid(q.demandId, q.sort),
        name: q.name,
        img: '',
        typeId: CUSTOM_TYPE_ID,
        typeName: null,
        typeSort: null,
        unit: q.unit,
        priceFen: q.unitFen,
        options: [],
        turnaroundDays: q.turnaroundDays,
        onShelf: true,
      },
    ];
  });
}

/** Puts an accepted quote's lines into the user's plan (each once: a quote line is in a plan at most once). */
export async function insertQuoteLines(db: Executor, userId: number, lines: readonly { id: number; count: number }[], at: Date) {
  if (lines.length === 0) return;
  await db
    .insert(planItem)
    .values(lines.map((l) => ({ userId, quoteLineId: l.id, count: l.count, createdAt: at, updatedAt: at })))
    .onConflictDoNothing();
}

/** Prepared (ADR 0064): user/info counts the plan on every signed-in page. */
const planCountOf = preparedStatement('plan_count_of_user', (db, name) =>
  db
    .select({ n: count() })
    .from(planItem)
    .where(eq(planItem.userId, sql.placeholder('userId')))
    .prepare(name),
);

/** How many lines the user's plan holds, as a part of user/info's one statement (ADR 0067); countPlan's number. */
export const planLineCount = (userId: Column): SQL<number> =>
  sql`(select count(*)::int from ${planItem} where ${qualified(planItem.userId)} = ${qualified(userId)})`;

export async function countPlan(db: Executor, userId: number): Promise<number> {
  const [row] = await planCountOf(db).execute({ userId });
  return row?.n ?? 0;
}

/**
 * Locks the user's account row until the transaction ends: plan writes of one
 * user queue here, so the line cap holds against parallel requests (ADR 0011).
 */
export async function lockPlanOwner(db: Executor, userId: number): Promise<void> {
  await db.select({ id: userAccount.id }).from(userAccount).where(eq(userAccount.id, userId)).for('update');
}

/** The user's line for this item with exactly these choices, if any (adding the same again adds to its count). */
export async function findSameLine(db: Executor, userId: number, deviceId: number, choices: Record<string, string>) {
  const [row] = await db
    .select({ id: planItem.id, count: planItem.count })
    .from(planItem)
    .where(and(eq(planItem.userId, userId), eq(planItem.deviceId, deviceId), sql`${planItem.choices} = ${JSON.stringify(choices)}::jsonb`));
  return row;
}

export async function insertPlanItem(
  db: Executor,
  row: { userId: number; deviceId: number; choices: Record<string, string>; count: number; at: Date },
): Promise<number> {
  const [out] = await db
    .insert(planItem)
    .values({ userId: row.userId, deviceId: row.deviceId, choices: row.choices, count: row.count, createdAt: row.at, updatedAt: row.at })
    .returning({ id: planItem.id });
  return out!.id;
}

export async function updatePlanItem(
  db: Executor,
  userId: number,
  id: number,
  patch: { choices?: Record<string, string>; count?: number; at: Date },
): Promise<void> {
  await db
    .update(planItem)
    .set({ choices: patch.choices, count: patch.count, updatedAt: patch.at })
    .where(and(eq(planItem.id, id), eq(planItem.userId, userId)));
}

/** Deletes the user's lines among ids (another user's ids match nothing); answers how many went. */
export async function deletePlanItems(db: Executor, userId: number, ids: readonly number[]): Promise<number> {
  const gone = await db
    .delete(planItem)
    .where(and(eq(planItem.userId, userId), inArray(planItem.id, [...ids])))
    .returning({ id: planItem.id });
  return gone.length;
}

/** What pricing an item for the plan needs. */
const pricingColumns = {
  id: device.id,
  name: device.name,
  typeId: device.typeId,
  onShelf: device.onShelf,
  priceFen: device.priceFen,
  options: device.options,
};

/** An item as the plan adds it: by rid, with what pricing needs. */
export async function findDeviceForPlan(db: Executor, rid: string) {
  const [row] = await db.select(pricingColumns).from(device).where(eq(device.rid, rid));
  return row;
}

export async function findDevicesByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select(pricingColumns)
    .from(device)
    .where(inArray(device.id, [...ids]));
}
