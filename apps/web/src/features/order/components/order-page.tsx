import type { UserInfoResponse } from '@yance/contracts/user';
import { Alert, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { useWebSettings } from '@/lib/get-web-settings.ts';
import { needsOf } from '@yance/contracts/line-kinds';
import { orderKindOf } from '@yance/contracts/order-states';
import { useOrderDetail } from '../api/orders.ts';
import { draftFromOrder, newOrderDraft, type OrderingLine } from '../utils/order-form.ts';
import { dropPlanLine, lineAmount, parseIdList, planLines, usePlan } from '@/features/plan/index.ts';
import { OrderForm } from './order-form.tsx';
import card from './orders.module.css';
import styles from './order-form.module.css';

interface OrderPageProps {
  user: UserInfoResponse;
  onAttest: () => void;
  /** Opens the address dialog (the member feature's, composed by the route): a return address may be new. */
  onAddAddress: () => void;
}

/** What every order form of this customer shares: the settings it reads, the address book, whether the agreement is asked. */
function useFormContext({ user, onAttest, onAddAddress }: OrderPageProps) {
  const settings = useWebSettings();
  return {
    attested: user.userInfo.attested,
    onAttest,
    localInfo: settings.data?.localInfo,
    regions: settings.data?.allowRegion,
    addresses: user.address,
    onAddAddress,
    // An institution accepts the service agreement with its order; an enterprise signs a contract (ADR 0070).
    needsAgreement: orderKindOf(user.userInfo.organization) === 'institution',
  };
}

/** /experiment/order: ?plan=3,5 orders those plan lines; ?draft=12 finishes a saved draft. */
export function OrderPage(props: OrderPageProps) {
  const [search] = useSearchParams();
  const draftId = parseIdList(search.get('draft'))[0];
  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{draftId ? '继续编辑订单' : '填写订单'}</h1>
      {draftId ? (
        <DraftOrder id={draftId} {...props} />
      ) : (
        <NewOrder ids={parseIdList(search.get('plan'))} now={search.get('now') === '1'} {...props} />
      )}
    </div>
  );
}

function BackToPlan({ description }: { description: string }) {
  return (
    <div className={card.card}>
      <EmptyState description={description}>
        <Link className="btn-primary" to={paths.experiment('plan')}>
          返回实验方案
        </Link>
      </EmptyState>
    </div>
  );
}

/**
 * 立即下单 (`now`): the line it put in the plan leaves it again when the page is left without ordering. The
 * removal waits a tick, so a remount of the same page (React's strict mode) keeps the line.
 */
function useDropWhenLeft(ids: readonly number[], now: boolean) {
  const queryClient = useQueryClient();
  const mounted = useRef(false);
  const id = now && ids.length === 1 ? ids[0] : undefined;
  useEffect(() => {
    if (id === undefined) return;
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) void dropPlanLine(queryClient, id);
      }, 0);
    };
  }, [id, queryClient]);
}

/** The selected plan lines that can be ordered, in the plan's order. */
function NewOrder({ ids, now, ...props }: { ids: number[]; now: boolean } & OrderPageProps) {
  useDropWhenLeft(ids, now);
  const plan = usePlan();
  const context = useFormContext(props);
  if (plan.isError) return <ErrorState message={plan.error.message} onRetry={() => void plan.refetch()} />;
  if (!plan.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const wanted = new Set(ids);
  const chosen = planLines(plan.data).filter((l) => wanted.has(l.id));
  // A 现场预约 line is booked on its instrument's calendar, never ordered (line-kinds.ts): it stays in the plan.
  const usable = chosen.filter((l) => l.available && !needsOf(l.type_id).slot);
  if (usable.length === 0) return <BackToPlan description="没有可下单的项目，请在实验方案中选择项目后再下单" />;
  const lines: OrderingLine[] = usable.map((l) => ({ ...l, amount: lineAmount(l) }));
  return (
    <>
      {usable.length < ids.length && (
        <Alert
          type="warning"
          showIcon
          title="部分所选项目已不在实验方案中、已下架或为现场预约项目（请在项目页预约上机），未列入本订单"
          className={styles.notice}
        />
      )}
      {/* Keyed by the lines: another selection starts a fresh form. */}
      <OrderForm key={usable.map((l) => l.id).join(',')} lines={lines} initial={newOrderDraft(usable)} {...context} />
    </>
  );
}

/** A saved draft (保存草稿) back in the form; a sent order opens its detail instead. */
function DraftOrder({ id, ...props }: { id: number } & OrderPageProps) {
  const order = useOrderDetail(id);
  const context = useFormContext(props);
  if (order.isError) return <ErrorState message={order.error.message} onRetry={() => void order.refetch()} />;
  if (!order.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (order.data.state !== 'draft') return <Navigate to={paths.order(id)} replace />;
  // A draft's lines keep the promotion they were saved with (the amount net of it); sending prices them again.
  const lines: OrderingLine[] = order.data.lines.map((l) => ({
    ...l,
    amount: l.amount_fen === null ? null : l.amount_fen + l.promo_fen,
    promo: l.promo_fen > 0 ? { fen: l.promo_fen, label: l.promo_label } : undefined,
  }));
  return <OrderForm lines={lines} initial={draftFromOrder(order.data)} draftId={id} {...context} />;
}
