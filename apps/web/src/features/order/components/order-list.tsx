import type { OrderSummary } from '@yance/contracts/order';
import { savedFenOf } from '@yance/contracts/order-figures';
import { ORDER_STATE_NAMES, ORDER_TAB_NAMES, ORDER_TABS, type OrderTab } from '@yance/contracts/order-states';
import { Input, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { Pager } from '@/components/pager.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { DELIVERY_METHOD_NAMES, type DeliveryMethod } from '@yance/contracts/order-states';
import { useOrderList } from '../api/orders.ts';
import { formatAmount, formatTime } from '@/lib/format.ts';
import { formatFen } from '@yance/browser/format';
import { customerActions, itemsText, STATE_COLORS } from '../utils/order-view.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { OrderActions } from './order-actions.tsx';
import layout from './orders.module.css';

const PAGE_SIZE = 10;
const isTab = (t: string | null): t is OrderTab => t !== null && (ORDER_TAB_NAMES as string[]).includes(t);

/** 我的订单: status tabs with counts, search by order number, item or sample name, a page of order cards (all kept in the address). */
export function OrderList() {
  const [search, setSearch] = useSearchParams();
  const tab = isTab(search.get('tab')) ? (search.get('tab') as OrderTab) : 'all';
  const kw = search.get('kw') ?? '';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useOrderList({ tab, kw, page, pageSize: PAGE_SIZE });
  const [typed, setTyped] = useState(kw);
  const [cancelling, setCancelling] = useState<OrderSummary | null>(null);

  /** Changes the address's tab, keyword or page; any change but the page starts again at page 1. */
  const go = (next: { tab?: OrderTab; kw?: string; page?: number }) => {
    const q = new URLSearchParams();
    const t = next.tab ?? tab;
    const k = next.kw ?? kw;
    if (t !== 'all') q.set('tab', t);
    if (k) q.set('kw', k);
    if (next.page && next.page > 1) q.set('page', String(next.page));
    setSearch(q);
  };
  const counts = list.data?.counts ?? {};

  return (
    <section className={layout.card} aria-labelledby="orders-title">
      <div className={layout.head}>
        <h1 className={layout.title} id="orders-title">
          我的订单
        </h1>
        <Input.Search
          className={layout.search}
          placeholder="订单号 / 项目名称 / 样品名称"
          aria-label="搜索订单"
          allowClear
          value={typed}
          maxLength={64}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => go({ kw: v.trim() })}
        />
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => go({ tab: k as OrderTab })}
        items={ORDER_TAB_NAMES.map((t) => ({
          key: t,
          label: (
            <span data-testid={`order-tab-${t}`}>
              {ORDER_TABS[t].label}
              {counts[t] ? <span className={layout.tabCount}>{counts[t]}</span> : null}
            </span>
          ),
        }))}
      />
      {list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.data.list.length === 0 ? (
        <EmptyState description={kw ? `没有找到与「${kw}」相关的订单` : '暂无订单'}>
          <Link className="btn-primary" to={paths.project()}>
            去选购检测项目
          </Link>
        </EmptyState>
      ) : (
        <ul className={layout.orders} aria-busy={list.isPlaceholderData}>
          {list.data.list.map((o) => (
            <OrderCard key={o.id} order={o} onCancel={() => setCancelling(o)} />
          ))}
        </ul>
      )}
      {list.data && (
        <Pager
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          unit="个订单"
          onChange={(p) => go({ page: p })}
        />
      )}
      <CancelDialog order={cancelling} onClose={() => setCancelling(null)} />
    </section>
  );
}

/** One order on the list: number, state, items, samples, total (or 待报价), date and what can be done. */
function OrderCard({ order, onCancel }: { order: OrderSummary; onCancel: () => void }) {
  return (
    <li className={layout.order} data-testid="order-card" data-no={order.no}>
      <div className={layout.orderHead}>
        <Link to={paths.order(order.id)} className={layout.no}>
          {order.no}
        </Link>
        <span className={layout.muted}>{formatTime(order.createdAt)}</span>
        <Tag color={STATE_COLORS[order.state]} className={layout.state}>
          {ORDER_STATE_NAMES[order.state]}
        </Tag>
      </div>
      <div className={layout.orderBody}>
        <div className={layout.orderItems}>
          <p className={layout.items}>{itemsText(order.items)}</p>
          <p className={layout.muted}>
            {order.delivery === null
              ? '无需送样'
              : `样品 ${order.sampleCount} 个 · ${DELIVERY_METHOD_NAMES[order.delivery as DeliveryMethod] ?? ''}`}
          </p>
        </div>
        <div className={layout.amount} data-testid="order-card-amount">
          {/* 应付: what the order costs the customer (its figures, issue 21), not the lines' sum before the coupon. */}
          <strong>{formatAmount(order.figures.payableFen)}</strong>
          {order.figures.dueFen > 0 && order.figures.dueFen !== order.figures.payableFen && (
            <span className={layout.muted}>待付 {formatFen(order.figures.dueFen)}</span>
          )}
          {savedFenOf(order.figures) > 0 && <span className={layout.muted}>已优惠 {formatFen(savedFenOf(order.figures))}</span>}
        </div>
      </div>
      <div className={layout.orderActions}>
        <OrderActions order={order} actions={customerActions(order.state)} onCancel={onCancel} showView />
      </div>
    </li>
  );
}
