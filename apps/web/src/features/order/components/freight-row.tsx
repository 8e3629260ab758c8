import { DELIVERY_METHODS, type DeliveryMethod } from '@yance/contracts/order-states';
import { pickupPromise, type RegionEntry } from '@yance/contracts/sampling-rules';
import styles from './order-form.module.css';

/**
 * 运费 in the cost breakdown: a self-sent parcel's courier is paid outside the order; a pick-up is the shop's free
 * promise in the cities it runs in (spec §9), never a courier's freight; an order with nothing to send has no row.
 */
export function FreightRow({ delivery, regions }: { delivery: DeliveryMethod | null; regions: readonly RegionEntry[] | undefined }) {
  if (delivery === null) return null;
  if (delivery === DELIVERY_METHODS.pickUp)
    return (
      <li data-testid="freight">
        <span className={styles.costName}>
          上门取样
          <small>{pickupPromise(regions ?? [])}</small>
        </span>
        <span>免费</span>
      </li>
    );
  return (
    <li data-testid="freight">
      <span className={styles.costName}>
        运费
        <small>自行寄样，快递运费由快递公司收取，不计入订单金额</small>
      </span>
      <span>到付</span>
    </li>
  );
}
