import { Tag, Typography } from 'antd';
import {
  GATEWAY_LABELS,
  TOPUP_METHOD_NAMES,
  TOPUP_METHODS,
  TOPUP_STATE_NAMES,
  TOPUP_STATES,
  type TopupState,
} from '@yance/contracts/ledger';
import type { AdminTopup } from '@yance/contracts/topup';

const STATE_COLORS: Record<TopupState, string> = { pending: 'gold', credited: 'green', rejected: 'red', closed: 'default' };

export const TopupStateTag = ({ state }: { state: TopupState }) => (
  <Tag color={STATE_COLORS[state]} data-testid="topup-state">
    {TOPUP_STATE_NAMES[state]}
  </Tag>
);

/** 全部状态 is a value of its own in the address: an empty state means the room's default, 待到账. */
export const ALL = 'all';
export const STATE_OPTIONS = [
  ...TOPUP_STATES.map((value) => ({ value, label: TOPUP_STATE_NAMES[value] })),
  { value: ALL, label: '全部状态' },
];
export const METHOD_OPTIONS = TOPUP_METHODS.map((value) => ({ value, label: TOPUP_METHOD_NAMES[value] }));

/** 对公转账, or 在线支付 with its gateway below; an order's online payment (a trade that pays orders) is 订单支付 (issue 21). */
export const MethodText = ({ t }: { t: Pick<AdminTopup, 'method' | 'gateway' | 'payOrderIds'> }) => (
  <>
    <div>{t.payOrderIds.length ? '订单支付' : TOPUP_METHOD_NAMES[t.method]}</div>
    {t.gateway && (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {GATEWAY_LABELS[t.gateway]}
      </Typography.Text>
    )}
  </>
);

/** 139****0001: the list shows the customer, not their whole number. */
export const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);
