import { formatFen, PRICE_UNITS, type PriceUnit } from '@yance/contracts/money';

/** Integer fen → "¥1,280.00" (the contracts' one money format). */
export { formatFen };

/** A statement amount with its sign: "+¥20.00" in, "-¥100.00" out. */
export const signedFen = (fen: number) => (fen > 0 ? `+${formatFen(fen)}` : formatFen(fen));

/** Yuan typed in a form (at most two decimals) as integer fen; null for nothing typed. */
export const yuanToFen = (yuan: number | null | undefined): number | null =>
  yuan === null || yuan === undefined || !Number.isFinite(yuan) ? null : Math.round(yuan * 100);

/** Masks a mainland mobile number for display: 13800000000 → "138****0000"; anything else is returned as it is. */
export const maskPhone = (text: string) => (/^1\d{10}$/.test(text) ? `${text.slice(0, 3)}****${text.slice(7)}` : text);

export const unitLabel = (unit: PriceUnit) => PRICE_UNITS[unit];

/** "¥60.00/样" */
export const formatUnitPrice = (fen: number, unit: PriceUnit) => `${formatFen(fen)}/${unitLabel(unit)}`;

/** A starting price, the one way every card and page writes it (issue 21): "¥80.00/样起". */
export const formatPriceFrom = (fen: number, unit: PriceUnit) => `${formatUnitPrice(fen, unit)}起`;

/** An item's order count as spec §2 writes it, the count followed by 下单: "4826下单", "1.3万下单". */
export const formatOrders = (n: number) => `${formatCount(n)}下单`;

/** "约5个工作日" */
export const formatTurnaround = (days: number) => `约${days}个工作日`;

/** "2026-12-03" → "12月3日" (a calendar day as Chinese readers say it). */
export const formatMonthDay = (day: string) => {
  const [, m, d] = day.split('-');
  return `${Number(m)}月${Number(d)}日`;
};

/** 12800 → "1.3万" so order counts stay short on cards. */
export const formatCount = (n: number) => (n >= 10_000 ? `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万` : String(n));
