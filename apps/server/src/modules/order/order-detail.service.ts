// An order as its readers see it (ADR 0039): the customer's list and detail,
// the console's and the lab's (lab.service) — its lines, samples, timeline and
// the moves the reader may take now. The lab's parts come through the order's
// port (order-detail-parts.ts, ADR 0060).
import type { Fen } from '@yance/contracts/money';
import type { OrderDetail, OrderEvent, OrderSummary } from '@yance/contracts/order';
import type { OrderFigures } from '@yance/contracts/order-figures';
import { ORDER_TRANSITIONS, type OrderAction } from '@yance/contracts/order-states';
import { SAMPLING_EVENT_LABELS, type SamplingEventAction } from '@yance/contracts/sampling';
import { CALL_EVENT_LABELS, type CallEventAction } from '@yance/contracts/call-task';
import { MONEY_EVENT_LABELS, type MoneyEventAction } from '@yance/contracts/ledger';
import { PICKUP_EVENT_LABELS, type PickupEventAction } from '@yance/contracts/pickup';
import { CONTRACT_EVENT_LABELS, type ContractEventAction } from '@yance/contracts/order-contract';
import { DEFAULT_LAB_CALENDAR } from '@yance/contracts/turnaround';
import { LAB_EVENT_LABELS, type LabEventAction } from '@yance/contracts/sample-states';
import type { AppContext } from '../../context.ts';
import { deductionOf } from '../coupon/index.ts';
import { serviceAgreementOf } from '../setting/index.ts';
import { dueDate, labCalendarOf } from '../turnaround/index.ts';
import { ORDER_DETAIL_PARTS } from './order-detail-parts.ts';
import * as repo from './order.repository.ts';
import type { OrderRow } from './order.repository.ts';
import { orderFigures } from './order-figures.ts';
import { actionsFor, type Mover } from './order-transition.ts';
import { nextStepsOf } from './order-next.ts';

const summaryOf = (o: OrderRow, items: string[], sampleCount: number, figures: OrderFigures, next: OrderSummary['next']): OrderSummary => ({
  id: o.id,
  no: o.no,
  state: o.state,
  kind: o.kind,
  delivery: o.delivery,
  items,
  sampleCount,
  total_fen: o.totalFen,
  figures,
  createdAt: o.createdAt.toISOString(),
  next,
});

/** Summaries of a page of orders, with their item names, sample counts and what each waits for from its customer. */
export async function summariesOf<R extends OrderRow>(ctx: AppContext, rows: R[]): Promise<(OrderSummary & { row: R })[]> {
  const { items, samples } = await repo.pageExtras(
    ctx.db,
    rows.map((r) => r.id),
  );
  const figures = await orderFigures(
    ctx,
    rows.map((r) => r.id),
  );
  const next = await nextStepsOf(ctx, rows, figures);
  return rows.map((r) => ({
    ...summaryOf(r, items.get(r.id) ?? [], samples.get(r.id) ?? 0, figures.get(r.id)!, next.get(r.id) ?? []),
    row: r,
  }));
}

/** A timeline entry's words: a transition's label, or one of the events that leave the state (draft, sampling). */
const eventLabel = (action: string): string =>
  action === 'saveDraft'
    ? '保存草稿'
    : action in SAMPLING_EVENT_LABELS
      ? SAMPLING_EVENT_LABELS[action as SamplingEventAction]
      : action in LAB_EVENT_LABELS
        ? LAB_EVENT_LABELS[action as LabEventAction]
        : action in CALL_EVENT_LABELS
          ? CALL_EVENT_LABELS[action as CallEventAction]
          : action in CONTRACT_EVENT_LABELS
            ? CONTRACT_EVENT_LABELS[action as ContractEventAction]
            : action in PICKUP_EVENT_LABELS
              ? PICKUP_EVENT_LABELS[action as PickupEventAction]
              : action in MONEY_EVENT_LABELS
                ? MONEY_EVENT_LABELS[action as MoneyEventAction]
                : ORDER_TRANSITIONS[action as OrderAction].label;

/** The timeline as its reader sees it: the customer reads their own steps as 您. */
function timelineOf(events: repo.EventRow[], reader: Mover): OrderEvent[] {
  return events.map((e) => ({
    at: e.at.toISOString(),
    actor: e.actorKind === 'customer' ? (reader.kind === 'customer' ? '您' : `客户 ${e.actorName}`) : e.actorName || '系统',
    action: e.action,
    label: eventLabel(e.action),
    from: e.fromState,
    to: e.toState,
    note: e.note,
  }));
}

/** An order's detail for a reader who may see it: lines, samples, timeline and what the reader may do now. */
export async function detailOf(ctx: AppContext, order: OrderRow, reader: Mover): Promise<OrderDetail> {
  const lines = await repo.listLines(ctx.db, order.id);
  const samples = await repo.listSamples(ctx.db, order.id);
  const events = await repo.listEvents(ctx.db, order.id);
  const parts = ctx.ports.get(ORDER_DETAIL_PARTS);
  // A draft is finished through order/add (draftId), not a transition the detail offers.
  const actions = order.state === 'draft' ? [] : actionsFor(reader, order.state);
  // The promise runs from the samples' receipt (the last 确认收样), counted on the lab's calendar; an order with
  // nothing to send (数据分析 only, ADR 0070) from the day its work started.
  const receivedAt =
    order.delivery === null
      ? events.findLast((e) => e.toState === 'testing' && e.fromState !== 'testing')?.at
      : events.findLast((e) => e.action === 'receive')?.at;
  const calendar = receivedAt ? await labCalendarOf(ctx) : DEFAULT_LAB_CALENDAR;
  const figures = await orderFigures(ctx, [order.id]);
  return {
    ...summaryOf(
      order,
      lines.map((l) => l.name),
      samples.reduce((n, s) => n + s.count, 0),
      figures.get(order.id)!,
      (await nextStepsOf(ctx, [order], figures)).get(order.id) ?? [],
    ),
    returnAddress: order.returnAddress,
    agreement:
      order.agreementVersion !== null && order.agreementAcceptedAt !== null
        ? {
            title: (await serviceAgreementOf(ctx)).title,
            version: order.agreementVersion,
            acceptedAt: order.agreementAcceptedAt.toISOString(),
          }
        : null,
    remark: order.remark,
    attachments: order.attachments,
    lines: lines.map((l) => ({
      id: l.id,
      rid: l.rid,
      name: l.name,
      type_id: l.typeId,
      unit: l.unit,
      choices: l.choices,
      unit_fen: l.unitFen,
      count: l.count,
      amount_fen: l.amountFen,
      promo_fen: l.promoFen as Fen,
      promo_label: l.promoLabel,
      turnaround_days: l.turnaroundDays,
      promised_days: l.promisedDays,
      due_date: dueDate(receivedAt, l.promisedDays, calendar),
    })),
    samples: samples.map((s) => ({
      id: s.id,
      no: s.no,
      lineId: s.lineId,
      name: s.name,
      count: s.count,
      form: s.form,
      hazards: s.hazards,
      requirement: s.requirement,
      returnSample: s.returnSample,
      tracking: parts.tracking(s),
    })),
    timeline: timelineOf(events, reader),
    ...(await parts.lab(ctx, order, reader)),
    files: await parts.customerFiles(ctx, order.id),
    deduction: await deductionOf(ctx, order.id),
    actions,
  };
}
