// How money reads on the customer's pages (ADR 0050): whole-yuan amounts on
// buttons, the bonus tiers' wording, what a payment is short of, and the
// idempotency key a page makes once per intent.
import type { LedgerEntryKind, TopupState } from '@yance/contracts/ledger';
import type { BonusTier } from '@yance/contracts/money-settings';
import { formatFen } from '@yance/browser/format';

/** The quick picks of the top-up form: ¥1 000, ¥5 000, ¥10 000, ¥20 000. */
export const QUICK_AMOUNTS_FEN = [100_000, 500_000, 1_000_000, 2_000_000] as const;

const wholeYuan = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });

/** "¥5,000" for a whole number of yuan, else "¥5,000.50" (a quick pick, a tier's threshold). */
export const formatYuan = (fen: number) =>
  fen % 100 === 0 ? `${fen < 0 ? '-' : ''}¥${wholeYuan.format(Math.abs(fen) / 100)}` : formatFen(fen);

/** A bonus tier as the form shows it: "充 ¥5,000 送 5%". */
export const tierText = (t: Pick<BonusTier, 'minFen' | 'percent'>) => `充 ${formatYuan(t.minFen)} 送 ${t.percent}%`;

/** How much a balance lacks for an amount (0 when it is enough). */
export const shortfallOf = (balanceFen: number, dueFen: number) => Math.max(0, dueFen - balanceFen);

/** The entry kinds that move a prestore balance (the statement's 类型 filter); billing and bank receipts never touch it. */
export const STATEMENT_KINDS = [
  'topup',
  'topupBonus',
  'orderPay',
  'settle',
  'adjustPay',
  'adjustRefund',
  'refund',
  'inviteReward',
] as const satisfies readonly LedgerEntryKind[];

/** antd Tag colour of a top-up's state. */
export const TOPUP_STATE_COLORS: Record<TopupState, string> = {
  pending: 'gold',
  credited: 'green',
  rejected: 'red',
  closed: 'default',
};

/** Seconds left until an ISO instant as "29:05" (minutes may pass 59: "75:00"); "00:00" once past. */
export function countdownText(expiresAt: string, nowMs: number): string {
  const left = Math.max(0, Math.floor((new Date(expiresAt).getTime() - nowMs) / 1000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}

/** An ISO time as the customer's clock reads it (the storefront's one time format). */
export { formatTime } from '@/lib/format.ts';
