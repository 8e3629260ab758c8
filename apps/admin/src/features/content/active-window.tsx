import { DatePicker, Tag, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { dayjs, formatTime } from '@/lib/time.ts';

/** What the operator picks: both ends optional (an open window). */
export type WindowValue = [Dayjs | null, Dayjs | null] | null | undefined;

export interface Windowed {
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

/** Where a banner or the popup stands now; the home page shows only 进行中. */
export function windowState(w: Windowed, now = dayjs()): { label: string; color: string } {
  if (!w.enabled) return { label: '已停用', color: 'default' };
  if (w.startsAt && now.isBefore(w.startsAt)) return { label: '未开始', color: 'blue' };
  if (w.endsAt && !now.isBefore(w.endsAt)) return { label: '已结束', color: 'orange' };
  return { label: '进行中', color: 'green' };
}

export const WindowTag = ({ value }: { value: Windowed }) => {
  const s = windowState(value);
  return <Tag color={s.color}>{s.label}</Tag>;
};

export const windowText = (w: Pick<Windowed, 'startsAt' | 'endsAt'>) =>
  !w.startsAt && !w.endsAt ? '长期' : `${w.startsAt ? formatTime(w.startsAt) : '不限'} 至 ${w.endsAt ? formatTime(w.endsAt) : '不限'}`;

/** The form's value for a stored window. */
export const windowOf = (w: Pick<Windowed, 'startsAt' | 'endsAt'>): WindowValue =>
  w.startsAt || w.endsAt ? [w.startsAt ? dayjs(w.startsAt) : null, w.endsAt ? dayjs(w.endsAt) : null] : null;

/** The RangePicker of an active window; either end may stay empty. */
export const WindowPicker = (props: { value?: WindowValue; onChange?: (v: WindowValue) => void; id?: string }) => (
  <DatePicker.RangePicker
    id={props.id}
    value={props.value ?? null}
    onChange={(v) => props.onChange?.(v ? [v[0] ?? null, v[1] ?? null] : null)}
    showTime={{ format: 'HH:mm' }}
    format="YYYY-MM-DD HH:mm"
    allowEmpty={[true, true]}
    placeholder={['开始（不限）', '结束（不限）']}
    style={{ width: '100%', maxWidth: 420 }}
  />
);

/**
 * Checks a windowed form with its contract: the picker's value becomes
 * startsAt/endsAt, and a message about either end is shown under the picker.
 * Returns what the server will accept, or null.
 */
export function parseWindowed<T>(form: FormInstance, schema: z.ZodType<T>, values: Record<string, unknown>): T | null {
  const { window, ...rest } = values as { window?: WindowValue };
  const filled = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v ?? '']));
  const result = schema.safeParse({ ...filled, startsAt: window?.[0]?.toISOString() ?? null, endsAt: window?.[1]?.toISOString() ?? null });
  if (result.success) return result.data;
  const fields = new Map<string, string>();
  for (const issue of result.error.issues) {
    const raw = String(issue.path[0] ?? '');
    const name = raw === 'startsAt' || raw === 'endsAt' ? 'window' : raw;
    if (name && !fields.has(name)) fields.set(name, issue.message);
  }
  form.setFields([...fields].map(([name, message]) => ({ name, errors: [message] })));
  return null;
}
