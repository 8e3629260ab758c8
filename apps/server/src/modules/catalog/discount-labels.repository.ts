// The discount labels' rows (issue 21): every type's and item's label, and the writes of the ones that change.
import { eq, inArray } from 'drizzle-orm';
import { anyOf, type Executor } from '../../db/client.ts';
import { device, projectType } from '../../db/schema.ts';

export const typeLabels = (db: Executor) => db.select({ id: projectType.id, label: projectType.discountLabel }).from(projectType);

export const deviceLabels = (db: Executor, id?: number) =>
  db
    .select({ id: device.id, typeId: device.typeId, label: device.discountLabel })
    .from(device)
    .where(id === undefined ? undefined : eq(device.id, id));

export async function setTypeLabel(db: Executor, id: number, label: string | null): Promise<void> {
  await db.update(projectType).set({ discountLabel: label }).where(eq(projectType.id, id));
}

/** One label for these items: one statement per distinct label, however large the catalogue. */
export async function setDeviceLabels(db: Executor, ids: readonly number[], label: string | null): Promise<void> {
  if (ids.length) await db.update(device).set({ discountLabel: label }).where(anyOf(device.id, ids));
}

/** How many of these type ids and item ids exist. */
export async function countTargets(db: Executor, typeIds: number[], deviceIds: number[]): Promise<{ types: number; devices: number }> {
  const types = typeIds.length
    ? (await db.select({ id: projectType.id }).from(projectType).where(inArray(projectType.id, typeIds))).length
    : 0;
  const devices = deviceIds.length ? (await db.select({ id: device.id }).from(device).where(inArray(device.id, deviceIds))).length : 0;
  return { types, devices };
}
