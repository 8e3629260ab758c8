import type { PRICE_UNITS, PriceUnit } from '@yance/contracts/catalog';

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Integer fen → "¥1,280.00". */
export const formatFen = (fen: number) => `${fen < 0 ? '-' : ''}¥${yuan.format(Math.abs(fen) / 100)}`;

/**
 * PRICE_UNITS restated so this module (used by the home chunk) does not pull
 * zod in for four words; typed as `typeof PRICE_UNITS`, so any drift fails tsc.
 */
const UNIT_LABELS: typeof PRICE_UNITS = { sample: '样', hour: '小时', job: '项', element: '元素' };
export const unitLabel = (unit: PriceUnit) => UNIT_LABELS[unit];

/** "¥60.00/样" */
export const formatUnitPrice = (fen: number, unit: PriceUnit) => `${formatFen(fen)}/${unitLabel(unit)}`;

/** "约5个工作日" */
export const formatTurnaround = (days: number) => `约${days}个工作日`;

/** 12800 → "1.3万" so order counts stay short on cards. */
export const formatCount = (n: number) => (n >= 10_000 ? `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万` : String(n));
