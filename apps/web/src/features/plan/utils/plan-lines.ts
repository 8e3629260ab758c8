// Prices and selection of the experiment plan's lines, in fen (ADR 0012): the
// plan shows them live while a change is on its way to the server.
import type { PlanLine, PlanListResponse } from '@yance/contracts/order';
import { asFen, priceOf, type Choices, type Fen } from '@yance/contracts/money';
import { CUSTOM_TYPE_ID } from '@yance/contracts/order';
import { needsOf } from '@yance/contracts/line-kinds';

/** What the customer has changed on a line and the server has not answered yet. */
export interface LineEdit {
  choices?: Choices;
  count?: number;
}

/** The chosen label of an option on a line: the line's choice, else the option's first (as priceOf reads it). */
export const chosenLabel = (line: Pick<PlanLine, 'choices' | 'options'>, option: string): string | undefined =>
  line.choices[option] ?? line.options.find((o) => o.name === option)?.choices[0]?.label;

/**
 * The item's own unit price: the line's priced unit less the extras of its
 * chosen options. The plan sends only the priced unit; a changed option is
 * priced from this with priceOf, the same rule the server uses.
 */
export function basePrice(line: Pick<PlanLine, 'unit_fen' | 'choices' | 'options'>): Fen {
  let extras = 0;
  for (const option of line.options) {
    const label = chosenLabel(line, option.name);
    extras += option.choices.find((c) => c.label === label)?.extra_fen ?? 0;
  }
  return asFen(Math.max(0, line.unit_fen - extras));
}

/**
 * A line as the customer sees it now: their pending edit over the server's
 * line, its unit price recomputed for the new choices (from the item's own
 * price, so every later reading of the line agrees).
 */
export function withEdit(line: PlanLine, edit: LineEdit | undefined): PlanLine {
  if (!edit) return line;
  const choices = { ...line.choices, ...edit.choices };
  let unit_fen = line.unit_fen;
  try {
    unit_fen = priceOf({ price_fen: basePrice(line), options: line.options }, choices, 1);
  } catch {
    // A choice the item no longer has: the server will refuse it and send the line back as it is.
  }
  return { ...line, choices, count: edit.count ?? line.count, unit_fen };
}

/**
 * The line's amount in fen, or null when the item has no fixed price (price 0:
 * 待报价 until the manager quotes, ADR 0039) or the choice is no longer offered.
 */
export function lineAmount(line: Pick<PlanLine, 'unit_fen' | 'choices' | 'options' | 'count'>): Fen | null {
  const base = basePrice(line);
  if (base === 0) return null;
  try {
    return priceOf({ price_fen: base, options: line.options as PlanLine['options'] }, line.choices, line.count);
  } catch {
    return null;
  }
}

/** The line's unit price with its chosen options (what the customer pays per sample), or null for 待报价. */
export const lineUnitPrice = (line: Pick<PlanLine, 'unit_fen' | 'choices' | 'options'>): Fen | null => lineAmount({ ...line, count: 1 });

/** The sum of the priced lines and how many wait for a quote. */
export interface Total {
  fen: Fen;
  unpriced: number;
}

/** The total of these lines (each with its pending edit): what the customer would order. */
export function totalOf(lines: readonly Pick<PlanLine, 'unit_fen' | 'choices' | 'options' | 'count'>[]): Total {
  let fen = 0;
  let unpriced = 0;
  for (const line of lines) {
    const amount = lineAmount(line);
    if (amount === null) unpriced += 1;
    else fen += amount;
  }
  return { fen: asFen(fen), unpriced };
}

/** Every line of the plan, in the order shown (groups as dataArr gives them, type 31 定制项目 first). */
export const planLines = (plan: PlanListResponse | undefined): PlanLine[] => sortedGroups(plan).flatMap((g) => g.items);

/** dataArr with 定制项目 (type 31) first, as spec §3 asks; the server already sends it so, this keeps the page right regardless. */
export const sortedGroups = (plan: PlanListResponse | undefined): PlanListResponse['dataArr'] =>
  [...(plan?.dataArr ?? [])].sort((a, b) => Number(b.type_id === CUSTOM_TYPE_ID) - Number(a.type_id === CUSTOM_TYPE_ID));

/** The selected ids that can still be ordered: lines that left the plan or the shelf drop out of the selection. */
export function orderableSelection(lines: readonly PlanLine[], selected: ReadonlySet<number>): number[] {
  return lines.filter((l) => l.available && selected.has(l.id)).map((l) => l.id);
}

/** Of the selected lines, those an order takes: a 现场预约 line is booked on its page instead (line-kinds.ts, ADR 0070). */
export const toOrderIds = (lines: readonly PlanLine[], selected: ReadonlySet<number>): number[] =>
  lines.filter((l) => selected.has(l.id) && !needsOf(l.type_id).slot).map((l) => l.id);

/** ?plan=3,5 → [3, 5]: positive whole ids only, each once. */
export function parseIdList(raw: string | null): number[] {
  const ids = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[1-9]\d{0,9}$/.test(s))
    .map(Number);
  return [...new Set(ids)];
}
