// A port (ADR 0060): the parts of an order's detail that a module above the
// order writes — each sample's tracking, the test records, the price
// adjustments and the final amount, the retest window, the result files. The
// order declares what its detail needs; the composition root (src/ports.ts)
// plugs the lab's parts in, and the detail reads them from ctx.ports. So the
// order never imports the lab, and the lab imports the order.
import { portKey } from '../../lib/ports.ts';
import type { SampleTracking } from '@yance/contracts/lab';
import type { AdminOrderDetail, OrderDetail } from '@yance/contracts/order';
import type { AppContext } from '../../context.ts';
import type { OrderRow, SampleRow } from './order.repository.ts';
import type { Mover } from './order-transition.ts';

export interface OrderDetailParts {
  /** A sample's state, couriers, check-in and keep day, from its row. */
  tracking(sample: SampleRow): SampleTracking;
  /** The lab's parts: test records, price adjustments and the final amount, the retest window (as the reader may ask). */
  lab(ctx: AppContext, order: OrderRow, reader: Mover): Promise<Pick<OrderDetail, 'testRecords' | 'adjustments' | 'final_fen' | 'retest'>>;
  /** The result files a customer sees (reviewed ones). */
  customerFiles(ctx: AppContext, orderId: number): Promise<OrderDetail['files']>;
  /** The console's result files, each with its review. */
  adminFiles(ctx: AppContext, orderId: number): Promise<AdminOrderDetail['files']>;
}

/** The port of the order's detail parts. */
export const ORDER_DETAIL_PARTS = portKey<OrderDetailParts>('order.detailParts');
