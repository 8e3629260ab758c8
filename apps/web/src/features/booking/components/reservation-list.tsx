import { RESERVATION_TABS, type Reservation, type ReservationTab } from '@yance/contracts/booking';
import { BOOKING_STATE_NAMES, type BookingState } from '@yance/contracts/booking-states';
import { formatFen } from '@yance/browser/format';
import { Alert, Button, Pagination, Popconfirm, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { useCancelReservation, useReservations } from '../api/reservation.ts';
import card from './card.module.css';
import styles from './booking.module.css';

const STATE_COLORS: Record<BookingState, string> = {
  booked: 'blue',
  checkedIn: 'cyan',
  completed: 'green',
  cancelled: 'default',
  noShow: 'red',
};

/** China time of an ISO instant: 2026-12-23 16:30. */
const chinaTime = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

function ReservationRow({ r }: { r: Reservation }) {
  const cancel = useCancelReservation();
  const last = r.history.at(-1);
  return (
    <li className={styles.item} data-testid="reservation">
      <h3 className={styles.itemName}>
        <Link to={paths.detail(r.rid)}>{r.name}</Link>
      </h3>
      <div className={styles.side}>
        <Tag color={STATE_COLORS[r.state]}>{BOOKING_STATE_NAMES[r.state]}</Tag>
        {r.cancelBlock === null ? (
          <Popconfirm title="确定取消这次预约？" okText="取消预约" cancelText="不取消" onConfirm={() => cancel.mutate(r.id)}>
            <Button size="small" loading={cancel.isPending}>
              取消预约
            </Button>
          </Popconfirm>
        ) : (
          r.state === 'booked' && <span className={styles.block}>{r.cancelBlock}</span>
        )}
      </div>
      <div className={styles.when}>
        {r.date} {r.start}–{r.end}
        {r.instrument && <span className={styles.meta}> · {r.instrument}</span>}
      </div>
      <div className={styles.meta}>
        {r.amount_fen === null ? '价格待实验室报价' : `费用 ${formatFen(r.amount_fen)}（结算时支付）`}
        {r.remark && ` · 备注：${r.remark}`}
      </div>
      {last && (
        <div className={styles.meta}>
          {chinaTime(last.at)} {last.actor} {last.label}
          {last.note && `：${last.note}`}
        </div>
      )}
    </li>
  );
}

/** /member/reservation — 我的预约: upcoming or all bookings, each with its state, cost, last step and cancel (when the rules allow). */
export function ReservationList() {
  const [tab, setTab] = useState<ReservationTab>('upcoming');
  const [page, setPage] = useState(1);
  const list = useReservations(tab, page);
  return (
    <section className={card.card}>
      <div className={card.head}>
        <h2 className={card.title}>我的预约</h2>
        <Link to={paths.project(2, '现场预约')}>预约更多仪器</Link>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as ReservationTab);
          setPage(1);
        }}
        items={(Object.keys(RESERVATION_TABS) as ReservationTab[]).map((k) => ({ key: k, label: RESERVATION_TABS[k] }))}
      />
      {list.data?.suspendedUntil && (
        <Alert type="warning" showIcon title={`因多次爽约，您的预约资格已暂停至 ${chinaTime(list.data.suspendedUntil)}`} />
      )}
      {list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.data.list.length === 0 ? (
        <EmptyState description={tab === 'upcoming' ? '暂无待使用的预约' : '还没有预约记录'} />
      ) : (
        <>
          <ul className={styles.list}>
            {list.data.list.map((r) => (
              <ReservationRow key={r.id} r={r} />
            ))}
          </ul>
          {list.data.total > list.data.pageSize && (
            <Pagination current={page} pageSize={list.data.pageSize} total={list.data.total} onChange={setPage} align="center" />
          )}
        </>
      )}
    </section>
  );
}
