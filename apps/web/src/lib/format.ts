import { PRICE_UNITS, type PriceUnit } from '@yance/contracts/catalog';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Integer fen → "¥1,280.00". */
export const formatFen = (fen: number) => `${fen < 0 ? '-' : ''}¥${yuan.format(Math.abs(fen) / 100)}`;

export const unitLabel = (unit: PriceUnit) => PRICE_UNITS[unit];

/** "¥60.00/样" */
export const formatUnitPrice = (fen: number, unit: PriceUnit) => `${formatFen(fen)}/${unitLabel(unit)}`;

/** "约5个工作日" */
export const formatTurnaround = (days: number) => `约${days}个工作日`;

/** 12800 → "1.3万" so order counts stay short on cards. */
export const formatCount = (n: number) => (n >= 10_000 ? `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万` : String(n));
