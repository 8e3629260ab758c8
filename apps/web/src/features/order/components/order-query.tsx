import { NOT_FOUND_BY_NO } from '@yance/contracts/lab';
import { Input } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isNotFound } from '@yance/browser/api-client';
import { paths } from '@/config/paths.ts';
import { useOrderQuery } from '../api/samples.ts';
import styles from './orders.module.css';

/** 订单查询 (/member/oquery): an order number or a sample number opens the caller's own order; anything else the same "not found". */
export function OrderQuery() {
  const navigate = useNavigate();
  const q = useOrderQuery();
  useEffect(() => {
    if (q.data) void navigate(paths.order(q.data.orderId));
  }, [q.data, navigate]);
  return (
    <section className={styles.card} aria-labelledby="oquery-title">
      <h1 className={styles.title} id="oquery-title">
        订单查询
      </h1>
      <p className={styles.muted}>输入订单号（如 YC20261124-0042）或样品编号（如 YC20261124-0042-01）。</p>
      <Input.Search
        enterButton="查询"
        maxLength={40}
        placeholder="订单号或样品编号"
        loading={q.isPending}
        style={{ maxWidth: 420 }}
        onSearch={(v) => v.trim() && q.mutate(v.trim())}
        aria-label="订单号或样品编号"
      />
      {q.isError && (
        <p className={styles.note} role="alert" data-testid="oquery-error">
          {isNotFound(q.error) ? NOT_FOUND_BY_NO : q.error.message}
        </p>
      )}
    </section>
  );
}
