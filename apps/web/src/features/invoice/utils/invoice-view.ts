import type { InvoiceState } from '@yance/contracts/invoice-states';

/** The tag colour (antd preset) of each application state. */
export const STATE_COLORS: Record<InvoiceState, string> = {
  applied: 'blue',
  issued: 'green',
  rejected: 'red',
  withdrawn: 'default',
  reversed: 'orange',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** 2026-11-24 16:30 in the browser's time. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
