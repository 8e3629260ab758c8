import { Typography } from 'antd';
import { formatFen } from '@yance/browser/format';
import { ORDER_STATE_NAMES, ORDER_STATES, type OrderKind } from '@yance/contracts/order-states';

export { OrderStateTag } from '@/components/order-state-tag.tsx';

/** The states an operator filters by: a draft is the customer's own, not yet sent. */
export const STATE_OPTIONS = ORDER_STATES.filter((s) => s !== 'draft').map((value) => ({ value, label: ORDER_STATE_NAMES[value] }));

/** How the order is paid (fixed when it was sent, from the customer's organization). */
export const ORDER_KIND_NAMES: Record<OrderKind, string> = { institution: '检测后付款（高校、个人）', enterprise: '签约预付（企业）' };

/** An amount, or 待报价 while the manager has not priced it. */
export const Amount = ({ fen }: { fen: number | null }) =>
  fen === null ? <Typography.Text type="warning">待报价</Typography.Text> : <>{formatFen(fen)}</>;
