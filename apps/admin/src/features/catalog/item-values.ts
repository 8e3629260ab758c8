import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { deviceEditBody, deviceFieldsOf, deviceInput, type DeviceAdminDetail } from '@yance/contracts/catalog-admin';
import { fenToYuan, yuanToFen } from '@/lib/money.ts';
import { optionsToContract, type OptionValues } from './price-options-editor.tsx';

/** The item form's values: the contract's fields, but money in yuan as typed. */
export interface ItemValues extends Record<string, unknown> {
  priceYuan?: number | null;
  options?: OptionValues[];
  dailyCapacity?: number | null;
  hotRank?: number | null;
}

export const NEW_ITEM: ItemValues = {
  alias: [],
  options: [],
  unit: 'sample',
  turnaroundDays: 5,
  dailyCapacity: null,
  orderCount: 0,
  onShelf: false,
  sort: 0,
  hotRank: null,
};

/** A stored item → the form (fen shown as yuan). */
export function valuesOf(d: DeviceAdminDetail): ItemValues {
  const { options, priceFen, ...rest } = deviceFieldsOf(d);
  return {
    ...rest,
    options: options.map((o) => ({
      name: o.name,
      choices: o.choices.map((c) => ({ label: c.label, extraYuan: fenToYuan(c.extra_fen) })),
    })),
    priceYuan: fenToYuan(priceFen),
  };
}

/** Where a contract issue is shown: money fields are typed under another name. */
const FIELD_OF: Record<string, string> = { priceFen: 'priceYuan' };

/**
 * The form → the body the server takes, parsed with the same contract
 * (deviceInput, or deviceEditBody with the id): integer fen, '' for blank
 * text, null for "no limit". On failure each issue's message goes under its
 * field and null is returned.
 */
export function bodyOf(form: FormInstance, values: ItemValues, id: number | null) {
  const { priceYuan, options, dailyCapacity, hotRank, ...rest } = values;
  const raw: Record<string, unknown> = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v ?? '']));
  Object.assign(raw, {
    priceFen: yuanToFen(priceYuan),
    options: optionsToContract(options),
    dailyCapacity: dailyCapacity ?? null,
    hotRank: hotRank ?? null,
  });
  const schema: z.ZodType<z.output<typeof deviceInput>> = id === null ? deviceInput : deviceEditBody;
  const result = schema.safeParse(id === null ? raw : { ...raw, id });
  if (result.success) return result.data;
  const errors = new Map<string, string>();
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const name = FIELD_OF[key] ?? key;
    if (name && !errors.has(name)) errors.set(name, issue.message);
  }
  form.setFields([...errors].map(([name, message]) => ({ name, errors: [message] })));
  return null;
}
