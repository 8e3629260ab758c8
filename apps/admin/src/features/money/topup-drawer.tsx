import { Button, Descriptions, Drawer, Grid, Space, Typography, type DescriptionsProps } from 'antd';
import { Link } from 'react-router';
import { formatFen } from '@yance/browser/format';
import type { AdminTopup } from '@yance/contracts/topup';
import { formatTime } from '@/lib/time.ts';
import { maskPhone, MethodText, TopupStateTag } from './topup-labels.tsx';
import { TopupReceipt } from './topup-receipt.tsx';
import type { TopupAnswer } from './topup-answer-dialog.tsx';

const dash = (v: string | null) => v || '—';

/**
 * One top-up: who, how much, how; a transfer's receipt; and, while it waits
 * and the staff member may answer it, 确认到账 and 驳回.
 */
export function TopupDrawer(props: {
  topup: AdminTopup | null;
  canAnswer: boolean;
  canOpenCustomer: boolean;
  onAnswer: (action: TopupAnswer) => void;
  onClose: () => void;
}) {
  const { topup: t, canAnswer, canOpenCustomer, onAnswer, onClose } = props;
  const screens = Grid.useBreakpoint();
  const answerable = !!t && canAnswer && t.method === 'transfer' && t.state === 'pending';
  const items: DescriptionsProps['items'] = t
    ? [
        { key: 'state', label: '状态', children: <TopupStateTag state={t.state} /> },
        {
          key: 'customer',
          label: '客户',
          children: (
            <>
              {canOpenCustomer ? <Link to={`/customers/${t.userId}`}>{t.customer}</Link> : t.customer}
              {t.customer !== maskPhone(t.phone) && <Typography.Text type="secondary"> {maskPhone(t.phone)}</Typography.Text>}
            </>
          ),
        },
        { key: 'method', label: '方式', children: <MethodText t={t} /> },
        { key: 'amount', label: '充值金额', children: <Typography.Text strong>{formatFen(t.amountFen)}</Typography.Text> },
        { key: 'bonus', label: '赠送金额', children: formatFen(t.bonusFen) },
        ...(t.method === 'transfer' ? [{ key: 'payer', label: '付款户名', children: dash(t.payer) }] : []),
        ...(t.gatewayTradeNo ? [{ key: 'trade', label: '支付流水号', children: t.gatewayTradeNo }] : []),
        { key: 'invoice', label: '开具发票', children: t.wantInvoice ? '需要' : '不需要' },
        { key: 'created', label: '提交时间', children: formatTime(t.createdAt) },
        ...(t.creditedAt ? [{ key: 'credited', label: '到账时间', children: formatTime(t.creditedAt) }] : []),
        ...(t.staffName ? [{ key: 'staff', label: '处理人', children: t.staffName }] : []),
        ...(t.note ? [{ key: 'note', label: t.state === 'rejected' ? '驳回原因' : '备注', children: t.note }] : []),
      ]
    : [];
  return (
    <Drawer
      title={t ? `充值单 ${t.no}` : ''}
      open={t !== null}
      onClose={onClose}
      size={screens.md ? 560 : '100%'}
      footer={
        answerable && (
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            <Button danger onClick={() => onAnswer('reject')}>
              驳回
            </Button>
            <Button type="primary" onClick={() => onAnswer('confirm')}>
              确认到账
            </Button>
          </Space>
        )
      }
    >
      {t && (
        <>
          <Descriptions size="small" bordered column={1} items={items} />
          {t.method === 'transfer' && (
            <>
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                转账凭证
              </Typography.Title>
              {t.receipt ? <TopupReceipt key={t.id} topup={t} /> : <Typography.Text type="secondary">客户未上传转账凭证</Typography.Text>}
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
