import { ORDER_NEXT_STEPS } from '@yance/contracts/order-next';
import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import { Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { ORDER_NEXT_LABELS } from '@/config/order-next.ts';
import { paths } from '@/config/paths.ts';
import { useOrderTodo } from '../api/orders.ts';
import { itemsText, STATE_COLORS } from '../utils/order-view.ts';
import { NextSteps } from './next-steps.tsx';
import styles from './orders.module.css';

/**
 * 待我处理 on the member centre (ADR 0062): how many orders wait for the customer — in all and for each step —
 * and the newest of them, each with its step's button.
 */
export function OrderTodo() {
  const todo = useOrderTodo();
  const t = todo.data;
  return (
    <section className={styles.card} aria-labelledby="todo-title" data-testid="order-todo">
      <div className={styles.head}>
        <h2 className={styles.todoTitle} id="todo-title">
          待我处理
          {t && t.total > 0 && (
            <span className={styles.tabCount} data-testid="order-todo-total">
              {t.total}
            </span>
          )}
        </h2>
        <Link to={paths.orders()}>全部订单</Link>
      </div>
      {!t ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : t.total === 0 ? (
        <p className={styles.muted}>暂无需要您办理的订单</p>
      ) : (
        <>
          <ul className={styles.todoCounts}>
            {ORDER_NEXT_STEPS.filter((s) => t.counts[s]).map((s) => (
              <li key={s} data-testid="order-todo-count" data-step={s}>
                待{ORDER_NEXT_LABELS[s]} <strong>{t.counts[s]}</strong>
              </li>
            ))}
          </ul>
          <ul className={styles.orders}>
            {t.list.slice(0, 5).map((o) => (
              <li key={o.id} className={styles.order} data-testid="todo-order" data-no={o.no}>
                <div className={styles.orderHead}>
                  <Link to={paths.order(o.id)} className={styles.no}>
                    {o.no}
                  </Link>
                  <span className={styles.muted}>{itemsText(o.items)}</span>
                  <Tag color={STATE_COLORS[o.state]} className={styles.state}>
                    {ORDER_STATE_NAMES[o.state]}
                  </Tag>
                </div>
                <div className={styles.orderActions}>
                  <NextSteps order={o} />
                </div>
              </li>
            ))}
          </ul>
          {t.total > 5 && (
            <p className={styles.muted}>
              另有 {t.total - 5} 个订单待办理，见 <Link to={paths.orders()}>我的订单</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
