import type { DeviceSummary } from '@yance/contracts/catalog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '@/components/cover-image.tsx';
import { ClockIcon, FlameIcon } from '@/components/ui/icons.tsx';
import { paths } from '@/config/paths.ts';
import { formatOrders, formatPriceFrom, formatTurnaround } from '@yance/browser/format';
import { BOOKING_TIME_TEXT, needsOf } from '@yance/contracts/line-kinds';
import { useShownLabel } from '@/lib/use-shown-label.ts';
import styles from './device-card.module.css';

interface DeviceCardProps {
  item: DeviceSummary;
  /** Lets search highlight the keyword in the name. */
  renderName?: (name: string) => ReactNode;
  /** In the first row of a result page: its picture loads at once (CoverImage priority). */
  priority?: boolean;
}

/** One catalogue item in a result grid; the whole card links to its detail page. */
export function DeviceCard({ item, renderName, priority }: DeviceCardProps) {
  const label = useShownLabel(item.discount_label);
  return (
    <Link to={paths.detail(item.rid)} className={styles.card} aria-label={item.name}>
      <div className={styles.media}>
        <CoverImage
          src={item.img}
          alt={item.name}
          ratio="16 / 10"
          sizes="(max-width: 1100px) 50vw, 300px"
          maxWidth={600}
          priority={priority}
        />
        {label ? <span className={styles.discount}>{label}</span> : null}
        <span className={styles.child}>{item.child_name}</span>
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>{renderName ? renderName(item.name) : item.name}</h3>
        {item.alias.length > 0 ? (
          <div className={styles.aliases}>
            {item.alias.slice(0, 3).map((a) => (
              <span key={a} className={styles.alias}>
                {renderName ? renderName(a) : a}
              </span>
            ))}
          </div>
        ) : null}
        <p className={styles.sketch}>{item.sketch}</p>
        <div className={styles.foot}>
          <span className={styles.price}>
            <strong>{formatPriceFrom(item.price_fen, item.unit)}</strong>
          </span>
        </div>
        <div className={styles.meta}>
          <span>
            <ClockIcon size={13} /> {needsOf(item.type_id).turnaround ? formatTurnaround(item.turnaround_days) : BOOKING_TIME_TEXT}
          </span>
          <span>
            <FlameIcon size={13} /> {formatOrders(item.order)}
          </span>
        </div>
      </div>
    </Link>
  );
}
