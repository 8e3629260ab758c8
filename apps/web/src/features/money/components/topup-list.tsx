import { GATEWAY_LABELS, TOPUP_METHOD_NAMES, TOPUP_STATE_NAMES } from '@yance/contracts/ledger';
import type { TopupListEntry } from '@yance/contracts/topup';
import { formatFen } from '@yance/browser/format';
import { Button, Grid, Pagination, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useCloseTopup, useTopups } from '../api/topups.ts';
import { formatTime, TOPUP_STATE_COLORS } from '../utils/money-view.ts';
import styles from './money.module.css';

const PAGE_SIZE = 5;

/** 在线支付 · 支付宝, 对公转账 · 某大学财务处; an order's online payment is 订单支付 · 支付宝 (issue 21: not a 充值). */
const methodText = (t: TopupListEntry) =>
  t.method === 'online'
    ? `${t.payOrderIds.length ? '订单支付' : TOPUP_METHOD_NAMES.online}${t.gateway ? ` · ${GATEWAY_LABELS[t.gateway]}` : ''}`
    : `${TOPUP_METHOD_NAMES.transfer}${t.payer ? ` · ${t.payer}` : ''}`;

/** An order payment's states: paid, not 到账 into the balance. */
const PAYMENT_STATE_NAMES: Record<TopupListEntry['state'], string> = { ...TOPUP_STATE_NAMES, pending: '待支付', credited: '已支付' };

function State({ t }: { t: TopupListEntry }) {
  return (
    <>
      <Tag color={TOPUP_STATE_COLORS[t.state]}>{(t.payOrderIds.length ? PAYMENT_STATE_NAMES : TOPUP_STATE_NAMES)[t.state]}</Tag>
      {t.wantInvoice && <Tag>申请开票</Tag>}
      {t.state === 'rejected' && t.note && <p className={styles.muted}>驳回原因：{t.note}</p>}
    </>
  );
}

/** 去支付 (a pending trade of the local gateway: its page is ours, at the keyed address the server gives) and 关闭 for a pending top-up. */
function Actions({ t }: { t: TopupListEntry }) {
  const close = useCloseTopup();
  const navigate = useNavigate();
  if (t.state !== 'pending') return null;
  const { payUrl } = t;
  return (
    <span style={{ display: 'inline-flex', gap: 8 }}>
      {payUrl && (
        <Button size="small" type="primary" onClick={() => void navigate(payUrl)}>
          去支付
        </Button>
      )}
      <Popconfirm
        title={t.payOrderIds.length ? '关闭这笔订单支付？' : '关闭这笔充值？'}
        description={
          t.method === 'transfer'
            ? '关闭后财务将不再确认这笔转账。'
            : t.payOrderIds.length
              ? '关闭后这笔支付不能再付款，订单仍在待付款中。'
              : '关闭后这笔充值不能再支付。'
        }
        okText="关闭"
        cancelText="取消"
        onConfirm={() => close.mutateAsync(t.id)}
      >
        <Button size="small" loading={close.isPending}>
          关闭
        </Button>
      </Popconfirm>
    </span>
  );
}

/** 充值记录: the customer's top-ups, their state, and 关闭 for a pending one. */
export function TopupList() {
  const [page, setPage] = useState(1);
  const topups = useTopups(page, PAGE_SIZE);
  const narrow = !Grid.useBreakpoint().md;

  let body;
  if (topups.isError) body = <ErrorState message={topups.error.message} onRetry={() => void topups.refetch()} />;
  else if (!topups.data) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (topups.data.list.length === 0) body = <EmptyState description="暂无充值记录" />;
  else if (narrow)
    body = (
      <ul className={styles.rows}>
        {topups.data.list.map((t) => (
          <li key={t.id} className={styles.row} data-testid="topup-row" data-no={t.no}>
            <div className={styles.rowMain}>
              <strong className={styles.num}>{t.no}</strong>
              <span className={styles.muted}>{methodText(t)}</span>
              <span className={styles.muted}>{formatTime(t.createdAt)}</span>
              <div>
                <State t={t} />
              </div>
            </div>
            <div className={styles.rowSide}>
              <span className={styles.amount}>{formatFen(t.amountFen)}</span>
              {t.bonusFen > 0 && <span className={styles.muted}>赠送 {formatFen(t.bonusFen)}</span>}
              <Actions t={t} />
            </div>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<TopupListEntry>
        rowKey="id"
        size="middle"
        dataSource={topups.data.list}
        loading={topups.isPlaceholderData}
        pagination={false}
        onRow={(t) => ({ 'data-testid': 'topup-row', 'data-no': t.no }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '单号', dataIndex: 'no', render: (v: string) => <span className={styles.num}>{v}</span> },
          {
            title: '提交时间',
            dataIndex: 'createdAt',
            width: 150,
            render: (v: string) => <span className={styles.num}>{formatTime(v)}</span>,
          },
          { title: '方式', key: 'method', render: (_, t) => methodText(t) },
          {
            title: '金额',
            dataIndex: 'amountFen',
            align: 'right',
            render: (v: number) => <span className={styles.num}>{formatFen(v)}</span>,
          },
          {
            title: '赠送',
            dataIndex: 'bonusFen',
            align: 'right',
            render: (v: number) => <span className={styles.num}>{v > 0 ? formatFen(v) : '—'}</span>,
          },
          { title: '状态', key: 'state', render: (_, t) => <State t={t} /> },
          { title: '操作', key: 'actions', width: 150, render: (_, t) => <Actions t={t} /> },
        ]}
      />
    );

  return (
    <section className={styles.card} aria-labelledby="topups-title" id="topups">
      <h2 className={styles.cardTitle} id="topups-title">
        充值记录
      </h2>
      {body}
      {topups.data && topups.data.total > PAGE_SIZE && (
        <Pagination
          align="center"
          size={narrow ? 'small' : 'medium'}
          current={page}
          pageSize={PAGE_SIZE}
          total={topups.data.total}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(n) => `共 ${n} 笔`}
        />
      )}
    </section>
  );
}
