import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import type { DueOrder } from '@yance/contracts/prestore';
import { formatFen } from '@yance/browser/format';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { useDueOrders } from '../api/due-orders.ts';
import { formatTime } from '../utils/money-view.ts';
import { BalanceBar } from './balance-check.tsx';
import { PayDialog } from './pay-dialog.tsx';
import { TopupReturn } from './topup-result.tsx';
import styles from './money-orders.module.css';

/** /member/unpaid (待付款): enterprise orders whose contract is confirmed, each paid in full from the balance or online. */
export function UnpaidOrders() {
  const navigate = useNavigate();
  const due = useDueOrders('unpaid');
  const [paying, setPaying] = useState<DueOrder | null>(null);

  let body;
  if (due.isError) body = <ErrorState message={due.error.message} onRetry={() => void due.refetch()} />;
  else if (!due.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (due.data.list.length === 0)
    body = (
      <EmptyState description="暂无待付款订单">
        <Button type="primary" onClick={() => void navigate(paths.orders())}>
          查看我的订单
        </Button>
      </EmptyState>
    );
  else
    body = (
      <ul className={styles.orders}>
        {due.data.list.map((o) => (
          <li key={o.id} className={styles.order} data-testid="due-order" data-no={o.no}>
            <div className={styles.orderHead}>
              <Link to={paths.order(o.id)} className={styles.no}>
                {o.no}
              </Link>
              <span className={styles.muted}>合同确认于 {formatTime(o.since)}</span>
              <Tag color="orange" className={styles.tag}>
                {ORDER_STATE_NAMES[o.state]}
              </Tag>
            </div>
            <div className={styles.orderBody}>
              <div className={styles.orderMain}>
                <p className={styles.orderTitle}>{o.title}</p>
                {o.paidFen > 0 && (
                  <p className={styles.muted}>
                    订单金额 {formatFen(o.finalFen)}，已付 {formatFen(o.paidFen)}
                  </p>
                )}
              </div>
              <div className={styles.orderPay}>
                <div className={styles.due}>
                  <span className={styles.muted}>应付金额</span>
                  <span className={styles.amount}>{formatFen(o.dueFen)}</span>
                </div>
                <Button type="primary" onClick={() => setPaying(o)}>
                  支付
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <TopupReturn payment />
      <section className={styles.card} aria-labelledby="unpaid-title">
        <div className={styles.head}>
          <h1 className={styles.title} id="unpaid-title">
            待付款
          </h1>
          {due.data && <BalanceBar balanceFen={due.data.balanceFen} />}
        </div>
        <Alert type="info" showIcon title="企业订单签约后须预付全款，付款后即可寄送样品。可从预存余额扣款，也可在线支付。" />
        {body}
        {paying && due.data && <PayDialog order={paying} balanceFen={due.data.balanceFen} onClose={() => setPaying(null)} />}
      </section>
    </>
  );
}
