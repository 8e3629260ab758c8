import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App } from 'antd';
import { ApiError, call } from '@yance/browser/api-client';
import { ErrorCode } from '@yance/contracts/codes';
import { CONTRACT_SCAN_MISSING } from '@yance/contracts/order-contract';
import type { AdminOrderDetail, OrderMarkPaidBody, OrderMoveBody, OrderQuoteBody } from '@yance/contracts/order';
import { ORDER_TRANSITIONS, type OrderAction } from '@yance/contracts/order-states';

/** The actions staff take in the console, each its own call (and permission on the server). */
export const STAFF_MOVES = {
  quote: 'adminOrderQuote',
  confirmContract: 'adminOrderConfirmContract',
  markPaid: 'adminOrderMarkPaid',
  receive: 'adminOrderReceive',
  startTesting: 'adminOrderStartTesting',
  deliver: 'adminOrderDeliver',
  confirmData: 'adminOrderConfirmData',
  cancel: 'adminOrderCancel',
} as const satisfies Partial<Record<OrderAction, string>>;
export type StaffAction = keyof typeof STAFF_MOVES;

/** Whether the console has a call for the action (a customer's or the system's has none). */
export const isStaffAction = (a: string): a is StaffAction => a in STAFF_MOVES;

export const detailKey = (id: number) => ['adminOrderDetail', id] as const;

/** Sends one move: quote carries its prices, the others the state seen and the note. */
type MoveBody = OrderMoveBody | OrderQuoteBody | OrderMarkPaidBody;

function send(action: StaffAction, body: MoveBody): Promise<AdminOrderDetail> {
  if (action === 'quote') return call('adminOrderQuote', { body: body as OrderQuoteBody });
  if (action === 'markPaid') return call('adminOrderMarkPaid', { body: body as OrderMarkPaidBody });
  return call(STAFF_MOVES[action as Exclude<StaffAction, 'quote' | 'markPaid'>], { body });
}

/**
 * Moves the order and shows its new state. The call's own toast says any
 * refusal; a 409 (someone moved it first, or the page was stale) also
 * reloads the order so the operator sees where it is now, and closes the dialog.
 */
export function useOrderMove(orderId: number, action: StaffAction, onDone: () => void) {
  const { message } = App.useApp();
  const queries = useQueryClient();
  const refreshOthers = () => {
    for (const key of ['adminOrderList', 'auditList', 'dashboard']) void queries.invalidateQueries({ queryKey: [key] });
  };
  return useWrite({
    mutationFn: (body: MoveBody) => send(action, body),
    onSuccess: (order) => {
      void message.success(`已${ORDER_TRANSITIONS[action].label}`);
      queries.setQueryData(detailKey(orderId), order);
      void queries.invalidateQueries({ queryKey: ['adminContractDetail', orderId] });
      refreshOthers();
      onDone();
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.code === ErrorCode.CONFLICT)) return;
      void queries.invalidateQueries({ queryKey: detailKey(orderId) });
      void queries.invalidateQueries({ queryKey: ['adminContractDetail', orderId] });
      refreshOthers();
      // 确认合同 refused for want of a signed scan: the dialog stays open and says why (the order itself did not move).
      if (action === 'confirmContract' && err.message === CONTRACT_SCAN_MISSING) return;
      onDone();
    },
  });
}
