// The catalogue's discount labels are the promotion rules' (issue 21): a type's
// and an item's label are written from the active rules that cover them — when
// the rules are saved, when an item is added, moved or imported, and when the
// demo catalogue is loaded — so a label the shop shows is a rule order/add
// applies. Nobody types a label.
import { itemLabel, typeLabel, type PriceRules } from '@yance/contracts/price-rules';
import type { AppContext } from '../../context.ts';
import * as repo from './discount-labels.repository.ts';
import { getPriceRules } from './price-rules.service.ts';

/** Writes every type's and item's label from the rules (only rows whose label changes); answers how many changed. */
export async function refreshDiscountLabels(t: AppContext, given?: PriceRules): Promise<number> {
  const { rules } = given ?? (await getPriceRules(t));
  let changed = 0;
  for (const ty of await repo.typeLabels(t.db)) {
    const label = typeLabel(rules, ty.id) || null;
    if (label === ty.label) continue;
    await repo.setTypeLabel(t.db, ty.id, label);
    changed++;
  }
  // Items that change, grouped by their new label: a statement per label, not per item.
  const moving = new Map<string | null, number[]>();
  for (const d of await repo.deviceLabels(t.db)) {
    const label = itemLabel(rules, d.typeId, d.id) || null;
    if (label === d.label) continue;
    const ids = moving.get(label);
    if (ids) ids.push(d.id);
    else moving.set(label, [d.id]);
    changed++;
  }
  for (const [label, ids] of moving) await repo.setDeviceLabels(t.db, ids, label);
  return changed;
}

/** One item's label after it was written (added, edited, moved to another type, imported). */
export async function labelDevice(t: AppContext, id: number): Promise<void> {
  const [d] = await repo.deviceLabels(t.db, id);
  if (!d) return;
  const label = itemLabel((await getPriceRules(t)).rules, d.typeId, id) || null;
  if (label !== d.label) await repo.setDeviceLabels(t.db, [id], label);
}

/** Whether every type and item the rules name exists. */
export async function targetsExist(t: AppContext, rules: PriceRules): Promise<string | null> {
  const typeIds = [...new Set(rules.rules.flatMap((r) => r.typeIds))];
  const deviceIds = [...new Set(rules.rules.flatMap((r) => r.deviceIds))];
  const found = await repo.countTargets(t.db, typeIds, deviceIds);
  if (found.types !== typeIds.length) return '[适用项目类型]不存在';
  if (found.devices !== deviceIds.length) return '[适用项目]不存在';
  return null;
}
