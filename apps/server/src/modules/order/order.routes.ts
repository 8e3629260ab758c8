import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { createOnce } from '../ledger/index.ts';
import { addOrder, customerMove, listOrders, orderAgain, orderDetail } from './order.service.ts';
import { orderTodo } from './order-todo.service.ts';
import { adminMove, adminOrderDetail, adminOrderList, adminQuote } from './order-admin.service.ts';

/** The customer's orders (spec §7 order/*, ADR 0039); every call is scoped to `user`. */
export const orderRoutes = (ctx: AppContext) =>
  ({
    orderAdd: ({ user, body, ip }) => createOnce(ctx, { userId: user.id }, 'order/add', body, (t) => addOrder(t, user.id, body, ip)),
    orderList: ({ user, body }) => listOrders(ctx, user.id, body),
    orderDetail: ({ user, body }) => orderDetail(ctx, user.id, body.id),
    orderCancel: ({ user, body, ip }) => customerMove(ctx, user.id, body.id, 'cancel', body.reason, ip),
    orderConfirm: ({ user, body, ip }) => customerMove(ctx, user.id, body.id, 'confirmData', undefined, ip),
    orderAgain: ({ user, body }) => createOnce(ctx, { userId: user.id }, 'order/again', body, (t, form) => orderAgain(t, user.id, form.id)),
    orderTodo: ({ user }) => orderTodo(ctx, user.id),
  }) satisfies Handlers;

/** Orders in the console: one call per transition, each behind its permission (contracts' routes.ts). */
export const orderAdminRoutes = (ctx: AppContext) =>
  ({
    adminOrderList: ({ staff, query }) => adminOrderList(ctx, staff, query),
    adminOrderDetail: ({ staff, query }) => adminOrderDetail(ctx, staff, query.id),
    adminOrderQuote: ({ staff, body, ip }) => adminQuote(ctx, staff, body, ip),
    // The bank's amount and reference ride on the move's audit row; payment checks the amount against what is due (ADR 0050).
    adminOrderMarkPaid: ({ staff, body, ip }) =>
      adminMove(ctx, staff, 'markPaid', body, ip, async () => ({ receivedFen: [null, body.receivedFen], bankRef: [null, body.bankRef] })),
    adminOrderReceive: ({ staff, body, ip }) => adminMove(ctx, staff, 'receive', body, ip),
    adminOrderStartTesting: ({ staff, body, ip }) => adminMove(ctx, staff, 'startTesting', body, ip),
    adminOrderDeliver: ({ staff, body, ip }) => adminMove(ctx, staff, 'deliver', body, ip),
    adminOrderConfirmData: ({ staff, body, ip }) => adminMove(ctx, staff, 'confirmData', body, ip),
    adminOrderCancel: ({ staff, body, ip }) => adminMove(ctx, staff, 'cancel', body, ip),
  }) satisfies Handlers;
