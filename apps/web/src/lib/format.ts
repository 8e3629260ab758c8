// Times and amounts as the customer's pages read them (orders, plan, sampling).
import { formatFen } from '@yance/browser/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as the customer's clock reads it: "2026-11-24 22:08". */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An amount, or 待报价 while a line waits for the manager's price (ADR 0039). */
export const formatAmount = (fen: number | null) => (fen === null ? '待报价' : formatFen(fen));
