import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import type { DueOrder } from '@yance/contracts/prestore';
import { formatFen } from '@yance/browser/format';
import { Alert, Button, Checkbox, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { useDueOrders } from '../api/due-orders.ts';
import { formatTime } from '../utils/money-view.ts';
import { BalanceBar } from './balance-check.tsx';
import { SettleDialog } from './settle-dialog.tsx';
import styles from './money-orders.module.css';

/**
 * /member/unsettled (待结算): institution orders tested and confirmed, each
 * with its 结算期限 (欠款中 once past it); several are selected and settled
 * together from the balance.
 */
export function UnsettledOrders() {
  const navigate = useNavigate();
  const due = useDueOrders('unsettled');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [settling, setSettling] = useState(false);
  const list = due.data?.list ?? [];
  // Only orders still listed count: one settled elsewhere drops out of the selection.
  const selected = list.filter((o) => picked.has(o.id));
  const total = selected.reduce((n, o) => n + o.dueFen, 0);
  const all = list.length > 0 && selected.length === list.length;
  const toggle = (id: number, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  let body;
  if (due.isError) body = <ErrorState message={due.error.message} onRetry={() => void due.refetch()} />;
  else if (!due.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (list.length === 0)
    body = (
      <EmptyState description="暂无待结算订单">
        <Button type="primary" onClick={() => void navigate(paths.orders())}>
          查看我的订单
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className={styles.orders}>
          {list.map((o) => (
            <DueCard key={o.id} order={o} selected={picked.has(o.id)} onSelect={(on) => toggle(o.id, on)} />
          ))}
        </ul>
        <div className={styles.settleBar} data-testid="settle-bar">
          <Checkbox
            checked={all}
            indeterminate={selected.length > 0 && !all}
            onChange={(e) => setPicked(e.target.checked ? new Set(list.map((o) => o.id)) : new Set())}
          >
            全选
          </Checkbox>
          <div className={styles.settleTotal}>
            <span className={styles.muted}>已选 {selected.length} 个订单，合计</span>
            <span className={styles.amount} data-testid="settle-total">
              {formatFen(total)}
            </span>
          </div>
          <Button type="primary" size="large" disabled={selected.length === 0} onClick={() => setSettling(true)}>
            结算
          </Button>
        </div>
      </>
    );

  return (
    <section className={styles.card} aria-labelledby="unsettled-title">
      <div className={styles.head}>
        <h1 className={styles.title} id="unsettled-title">
          待结算
        </h1>
        {due.data && <BalanceBar balanceFen={due.data.balanceFen} />}
      </div>
      <Alert type="info" showIcon title="院校订单检测完成、确认数据后进入待结算。请在结算期限前结算，逾期将标记为欠款中。" />
      {body}
      {settling && due.data && (
        <SettleDialog
          orders={selected}
          balanceFen={due.data.balanceFen}
          onClose={() => setSettling(false)}
          onSettled={() => {
            setSettling(false);
            setPicked(new Set());
          }}
        />
      )}
    </section>
  );
}

/** One order waiting for settlement: its checkbox, items, state (欠款中 in red), 结算期限 and what is owed. */
function DueCard({ order: o, selected, onSelect }: { order: DueOrder; selected: boolean; onSelect: (on: boolean) => void }) {
  const overdue = o.state === 'overdue';
  return (
    <li className={styles.order} data-selected={selected} data-testid="due-order" data-no={o.no}>
      <div className={styles.orderHead}>
        <Checkbox checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={`选择订单 ${o.no}`} />
        <Link to={paths.order(o.id)} className={styles.no}>
          {o.no}
        </Link>
        <span className={styles.muted}>确认数据于 {formatTime(o.since)}</span>
        <Tag color={overdue ? 'red' : 'purple'} className={styles.tag}>
          {ORDER_STATE_NAMES[o.state]}
        </Tag>
      </div>
      <div className={styles.orderBody}>
        <div className={styles.orderMain}>
          <p className={styles.orderTitle}>{o.title}</p>
          {o.dueDate && (
            <p className={overdue ? `${styles.muted} ${styles.overdue}` : styles.muted}>
              结算期限 {o.dueDate}
              {overdue ? '（已逾期）' : ''}
            </p>
          )}
        </div>
        <div className={styles.orderPay}>
          <div className={styles.due}>
            <span className={styles.muted}>应付金额</span>
            <span className={styles.amount}>{formatFen(o.dueFen)}</span>
          </div>
        </div>
      </div>
    </li>
  );
}
