import type { PriceUnit } from '@yance/contracts/catalog';
import { priceOf, type Priced } from '@yance/contracts/money';
import { CartIcon } from '@/components/ui/icons.tsx';
import { formatFen, unitLabel } from '@yance/browser/format';
import type { DeviceActions } from './device-summary-panel.tsx';
import type { PriceSelection } from './price-calculator.tsx';
import styles from './device-buy-bar.module.css';

interface DeviceBuyBarProps extends DeviceActions {
  item: Priced & { unit: PriceUnit };
  selection: PriceSelection;
}

/**
 * Phones only: the estimate and the two calls to action stay at the bottom of
 * the screen while the page scrolls (sticky within the page body, so it rests
 * above the footer instead of covering it).
 */
export function DeviceBuyBar({ item, selection, onAddToPlan, onOrder, onBook, pending }: DeviceBuyBarProps) {
  return (
    <div className={styles.bar} data-sticky-bar="" role="group" aria-label="下单">
      <span className={styles.price}>
        <small>
          预估 · {selection.quantity}
          {unitLabel(item.unit)}
        </small>
        <strong data-testid="buy-bar-price">{formatFen(priceOf(item, selection.choices, selection.quantity))}</strong>
      </span>
      {/* A booking item is booked, not put in the plan (ADR 0070). */}
      {onBook ? null : (
        <button
          type="button"
          className={`btn-default ${styles.button}`}
          disabled={pending}
          onClick={() => onAddToPlan(selection)}
          aria-label="加入实验方案"
        >
          <CartIcon size={15} />
          加入方案
        </button>
      )}
      {onBook ? (
        <button type="button" className={`btn-primary ${styles.button} ${styles.order}`} onClick={onBook}>
          预约上机
        </button>
      ) : (
        <button
          type="button"
          className={`btn-primary ${styles.button} ${styles.order}`}
          disabled={pending}
          onClick={() => onOrder(selection)}
        >
          立即下单
        </button>
      )}
    </div>
  );
}
