import type { OrderDetail } from '@yance/contracts/order';
import type { OrderFigures } from '@yance/contracts/order-figures';
import { ORDER_STATE_NAMES, type OrderAction } from '@yance/contracts/order-states';
import { BOOKING_TIME_TEXT, needsOf } from '@yance/contracts/line-kinds';
import { Skeleton, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { formatFen, formatMonthDay, signedFen, unitLabel } from '@yance/browser/format';
import { isNotFound } from '@yance/browser/api-client';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { isEvaluable } from '@yance/contracts/evaluation';
import { useOrderEvaluations } from '../api/evaluations.ts';
import { useOrderDetail } from '../api/orders.ts';
import { formatAmount, formatTime } from '@/lib/format.ts';
import { choicesText, STATE_COLORS } from '../utils/order-view.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { EvaluationDialog } from './evaluation-dialog.tsx';
import { LineEvaluation } from './line-evaluation.tsx';
import { SamplingCard } from '@/features/sampling/index.ts';
import { AdjustmentsCard, ResultFilesCard, RetestCard, TestRecordsCard } from './order-lab.tsx';
import { DeliveryCard, SamplesCard } from './order-samples.tsx';
import { OrderActions } from './order-actions.tsx';
import { Panel } from '@/components/panel.tsx';
import styles from './orders.module.css';

/** One order (/member/order?id=): lines, samples with their numbers, total, delivery, the timeline and the customer's actions. */
export function OrderDetailView({ id }: { id: number }) {
  const order = useOrderDetail(id);
  const [cancelling, setCancelling] = useState(false);
  // A step asked for from the order's row, its message or the member centre (?step=, ADR 0062) opens here.
  const step = useSearchParams()[0].get('step');
  const [sampling, setSampling] = useState(step === 'ship' || step === 'bookPickup');
  const [evaluate, setEvaluate] = useState(step === 'evaluate');
  const back = (
    <Link to={paths.orders()} className={styles.back}>
      ‹ 返回我的订单
    </Link>
  );
  if (order.isError) {
    return (
      <section className={styles.card}>
        {back}
        {isNotFound(order.error) ? (
          <EmptyState description="订单不存在" />
        ) : (
          <ErrorState message={order.error.message} onRetry={() => void order.refetch()} />
        )}
      </section>
    );
  }
  if (!order.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const o = order.data;
  return (
    <>
      <section className={styles.card} aria-labelledby="order-no">
        {back}
        <div className={styles.detailHead}>
          <h1 className={styles.title} id="order-no">
            订单 {o.no}
          </h1>
          <Tag color={STATE_COLORS[o.state]} className={styles.state} data-testid="order-state">
            {ORDER_STATE_NAMES[o.state]}
          </Tag>
        </div>
        <p className={styles.muted}>
          下单时间 {formatTime(o.createdAt)} · {o.kind === 'enterprise' ? '企业客户（签约预付）' : '院校客户（先测试后付费）'}
        </p>
        {o.agreement && (
          <p className={styles.muted} data-testid="order-agreement">
            已同意《{o.agreement.title}》第{o.agreement.version}版 · {formatTime(o.agreement.acceptedAt)}
          </p>
        )}
        <div className={styles.orderActions}>
          <OrderActions
            order={o}
            actions={o.actions as OrderAction[]}
            onCancel={() => setCancelling(true)}
            size="middle"
            inPlace={{ evaluate: () => setEvaluate(true) }}
            // 填写快递单号 / 预约上门取样 is the 取样信息 panel's own button (one button, one place).
            except={['ship', 'bookPickup']}
            confirmOpen={step === 'confirmData' && o.next.includes('confirmData')}
          />
        </div>
      </section>
      <LinesCard order={o} evaluate={evaluate} onEvaluating={() => setEvaluate(false)} />
      <SamplesCard order={o} />
      <DeliveryCard order={o} />
      {/* An order with nothing to send (数据分析 only) has no 寄样 and no pick-up (ADR 0070). */}
      {o.delivery !== null && (
        <SamplingCard order={o} open={sampling && (o.next.includes('ship') || o.next.includes('bookPickup'))} onOpenChange={setSampling} />
      )}
      <TestRecordsCard order={o} />
      <ResultFilesCard order={o} />
      <AdjustmentsCard order={o} />
      <RetestCard order={o} />
      <Panel title="订单进度">
        <Timeline
          className={styles.timeline}
          data-testid="order-timeline"
          items={[...o.timeline].reverse().map((e, i) => ({
            key: `${e.at}-${i}`,
            color: i === 0 ? 'blue' : 'gray',
            content: (
              <div className={styles.event}>
                <strong>{e.label}</strong>
                <span className={styles.muted}>
                  {e.actor} · {formatTime(e.at)}
                </span>
                {e.note && <p className={styles.note}>{e.note}</p>}
              </div>
            ),
          }))}
        />
      </Panel>
      <CancelDialog order={cancelling ? o : null} onClose={() => setCancelling(false)} />
    </>
  );
}

/**
 * What the line promises: its due day once the work started (the samples' receipt, or at once for an order with
 * nothing to send), else the working days promised at ordering; a 现场预约 line its booked time, never a turnaround.
 */
const promiseText = (l: OrderDetail['lines'][number], toSend: boolean) => {
  if (!needsOf(l.type_id).turnaround) return BOOKING_TIME_TEXT;
  if (l.due_date) return `预计${formatMonthDay(l.due_date)}出结果（承诺${l.promised_days}个工作日）`;
  return `承诺${l.promised_days ?? l.turnaround_days}个工作日出结果（${toSend ? '自收样起' : '自开始分析起'}）`;
};

/**
 * The items ordered with their options, counts and amounts, and the total; once the data is confirmed, each
 * item's 评价 — `evaluate` (the order's 评价 step) opens it for the first line still open.
 */
function LinesCard({ order, evaluate, onEvaluating }: { order: OrderDetail; evaluate: boolean; onEvaluating: () => void }) {
  const unpriced = order.lines.filter((l) => l.amount_fen === null).length;
  const evaluable = isEvaluable(order.state);
  const evaluations = useOrderEvaluations(order.id, evaluable);
  const [evaluating, setEvaluating] = useState<{ id: number; name: string } | null>(null);
  const byLine = new Map(evaluations.data?.list.map((e) => [e.lineId, e]));
  const open = new Set(evaluations.data?.open);
  // The order's 评价 step opens the first line still open (until the dialog is closed).
  const firstOpen = evaluate && evaluations.data ? (order.lines.find((l) => open.has(l.id)) ?? null) : null;
  const dialogLine = evaluating ?? firstOpen;
  const closeDialog = () => {
    setEvaluating(null);
    onEvaluating();
  };
  return (
    <Panel title="检测项目">
      <ul className={styles.rows}>
        {order.lines.map((l) => (
          <li key={l.id} className={styles.row}>
            <div className={styles.rowMain}>
              <strong>{l.name}</strong>
              <span className={styles.muted}>
                {choicesText(l.choices) || '默认选项'} · {l.count}
                {unitLabel(l.unit)} · {promiseText(l, order.delivery !== null)}
              </span>
              {evaluable && <LineEvaluation evaluation={byLine.get(l.id)} open={open.has(l.id)} onEvaluate={() => setEvaluating(l)} />}
            </div>
            <span className={styles.amount}>
              {formatAmount(l.amount_fen)}
              {l.promo_fen > 0 && (
                <span className={styles.muted} data-testid="line-promo">
                  {' '}
                  {l.promo_label} -{formatFen(l.promo_fen)}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <FigureRows figures={order.figures} />
      {unpriced > 0 && <p className={styles.muted}>{unpriced}项待客户经理报价，报价后更新金额。</p>}
      <EvaluationDialog orderId={order.id} line={dialogLine} onClose={closeDialog} />
    </Panel>
  );
}

/**
 * The order's amounts under its lines, every one from the server's figures (issue 21): 合计, 补差价/退差价,
 * the coupon and the points, 应付 (what the order costs the customer), and what is paid, refunded and due.
 */
export function FigureRows({ figures: f }: { figures: OrderFigures }) {
  const row = (label: string, value: string, testId: string, strong = false) => (
    <div className={styles.totalRow} data-testid={testId}>
      <span>{label}</span>
      {strong ? <strong>{value}</strong> : <span>{value}</span>}
    </div>
  );
  const lowered = f.adjustFen !== 0 || f.couponFen > 0 || f.pointsFen > 0;
  return (
    <>
      {row('合计', formatAmount(f.totalFen), 'order-detail-total', !lowered)}
      {f.adjustFen !== 0 && row(f.adjustFen > 0 ? '补差价' : '退差价', signedFen(f.adjustFen), 'order-detail-adjust')}
      {f.couponFen > 0 && row(`优惠券${f.couponName ? `（${f.couponName}）` : ''}`, `-${formatFen(f.couponFen)}`, 'order-detail-coupon')}
      {f.pointsFen > 0 && row(`积分抵扣（${f.points}积分）`, `-${formatFen(f.pointsFen)}`, 'order-detail-points')}
      {lowered && row('应付', formatAmount(f.payableFen), 'order-detail-payable', true)}
      {f.paidFen > 0 && row('已付', formatFen(f.paidFen), 'order-detail-paid')}
      {f.refundedFen > 0 && row('已退', formatFen(f.refundedFen), 'order-detail-refunded')}
      {f.dueFen > 0 && row('待付', formatFen(f.dueFen), 'order-detail-due', true)}
    </>
  );
}
