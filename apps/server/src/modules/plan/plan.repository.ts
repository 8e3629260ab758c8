import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DeviceOption } from '@yance/contracts/catalog';
import type { Fen, PriceUnit } from '@yance/contracts/money';
import type { Executor } from '../../db/client.ts';
import { device, planItem, projectType, userAccount } from '../../db/schema.ts';

/** A plan line with what its live price and display need from the item. */
export interface PlanRow {
  id: number;
  userId: number;
  deviceId: number;
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
};

/** The user's plan lines, oldest first, each with its item. */
export async function listPlanRows(db: Executor, userId: number, ids?: readonly number[]): Promise<PlanRow[]> {
  return db
    .select(rowColumns)
    .from(planItem)
    .innerJoin(device, eq(device.id, planItem.deviceId))
    .leftJoin(projectType, eq(projectType.id, device.typeId))
    .where(and(eq(planItem.userId, userId), ids ? inArray(planItem.id, [...ids]) : undefined))
    .orderBy(asc(planItem.id));
}

export async function countPlan(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(planItem).where(eq(planItem.userId, userId));
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

/** An item as the plan adds it: by rid, with what pricing needs. */
export async function findDeviceForPlan(db: Executor, rid: string) {
  const [row] = await db
    .select({ id: device.id, name: device.name, onShelf: device.onShelf, priceFen: device.priceFen, options: device.options })
    .from(device)
    .where(eq(device.rid, rid));
  return row;
}

export async function findDevicesByIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: device.id, name: device.name, onShelf: device.onShelf, priceFen: device.priceFen, options: device.options })
    .from(device)
    .where(inArray(device.id, [...ids]));
}
