import type { DeviceDetail } from '@yance/contracts/catalog';
import { defaultChoices } from '@yance/contracts/money';
import { CoverImage } from '@/components/cover-image.tsx';
import { CartIcon, ClockIcon, FlameIcon, LightningIcon, WrenchIcon } from '@/components/ui/icons.tsx';
import { formatMonthDay, formatOrders, formatTurnaround } from '@yance/browser/format';
import { estimateDaysText } from '@yance/contracts/turnaround';
import { BOOKING_TIME_TEXT, needsOf } from '@yance/contracts/line-kinds';
import { useDeviceEstimate } from '../api/get-device-estimate.ts';
import { PriceCalculator, type PriceSelection } from './price-calculator.tsx';
import { RatingSummary } from './device-reviews.tsx';
import { useShownLabel } from '@/lib/use-shown-label.ts';
import styles from './device-summary-panel.module.css';

export interface DeviceActions {
  onAddToPlan: (selection: PriceSelection) => void;
  onOrder: (selection: PriceSelection) => void;
  /** An add is on its way: both buttons wait (one click, one line). */
  pending?: boolean;
  /** On-site booking items (type 2): 预约上机 takes the place of 加入实验方案 and 立即下单 (line-kinds.ts, ADR 0070). */
  onBook?: () => void;
  /** The signed-in customer's upcoming bookings of this item (12月3日 14:00–16:00): what a booking item shows. */
  booked?: readonly string[];
}

export const initialSelection = (item: DeviceDetail): PriceSelection => ({ choices: defaultChoices(item), quantity: 1 });

interface DeviceSummaryPanelProps extends DeviceActions {
  item: DeviceDetail;
  selection: PriceSelection;
  onSelectionChange: (next: PriceSelection) => void;
}

/** The top of a detail page: picture, name, aliases, price calculator, key facts and the two calls to action (on phones in DeviceBuyBar). */
export function DeviceSummaryPanel({
  item,
  selection,
  onSelectionChange,
  onAddToPlan,
  onOrder,
  onBook,
  booked,
  pending,
}: DeviceSummaryPanelProps) {
  const needs = needsOf(item.type_id);
  const label = useShownLabel(item.discount_label);
  return (
    <section className={styles.panel}>
      <div className={styles.media}>
        <CoverImage
          src={item.img}
          alt={item.name}
          ratio="4 / 3"
          className={styles.img}
          sizes="(max-width: 900px) 100vw, 440px"
          maxWidth={900}
          priority
        />
      </div>
      <div className={styles.info}>
        <div className={styles.titleRow}>
          <h2 className={styles.name}>{item.name}</h2>
          {label ? <span className={styles.discount}>{label}</span> : null}
        </div>
        {item.alias.length > 0 ? (
          <div className={styles.aliases}>
            <span>又称</span>
            {item.alias.map((a) => (
              <span key={a} className={styles.alias}>
                {a}
              </span>
            ))}
          </div>
        ) : null}
        {item.rating_avg !== null ? (
          <a href="#reviews" className={styles.rating} aria-label={`评分${item.rating_avg.toFixed(1)}，${item.rating_count}条评价`}>
            <RatingSummary item={item} compact />
          </a>
        ) : null}
        {item.sketch ? <p className={styles.sketch}>{item.sketch}</p> : null}
        <PriceCalculator item={item} value={selection} onChange={onSelectionChange} />
        <ul className={styles.facts}>
          {needs.turnaround ? (
            <li>
              <ClockIcon size={15} />
              <span>周期</span>
              <strong>{formatTurnaround(item.turnaround_days)}</strong>
            </li>
          ) : (
            <li data-testid="booking-time">
              <ClockIcon size={15} />
              <span>上机</span>
              <strong>{BOOKING_TIME_TEXT}</strong>
            </li>
          )}
          <li>
            <FlameIcon size={15} />
            <span>热度</span>
            <strong>{formatOrders(item.order)}</strong>
          </li>
          {needs.turnaround ? <EstimateFact rid={item.rid} count={selection.quantity} /> : null}
          {booked?.length ? (
            <li className={styles.wide} data-testid="booked-slots">
              <ClockIcon size={15} />
              <span>已预约</span>
              <strong>{booked.join('；')}</strong>
            </li>
          ) : null}
          {item.instrument ? (
            <li className={styles.wide}>
              <WrenchIcon size={15} />
              <span>仪器</span>
              <strong>{item.instrument}</strong>
            </li>
          ) : null}
        </ul>
        <div className={styles.actions}>
          {/* A booking item is booked on its calendar, not ordered through the plan (ADR 0070). */}
          {needs.slot ? null : (
            <button type="button" className="btn-default" disabled={pending} onClick={() => onAddToPlan(selection)}>
              <CartIcon size={16} />
              加入实验方案
            </button>
          )}
          {onBook ? (
            <button type="button" className={`btn-primary ${styles.order}`} onClick={onBook}>
              <ClockIcon size={16} />
              预约上机
            </button>
          ) : (
            <button type="button" className={`btn-primary ${styles.order}`} disabled={pending} onClick={() => onOrder(selection)}>
              <LightningIcon size={16} />
              立即下单
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * 出结果 「预计N个工作日」 from the lab's queue now (the label says 出结果, the
 * value not again), with the day if the samples arrived today. Asked after the
 * page is up; the line holds its place meanwhile so nothing below it moves.
 */
function EstimateFact({ rid, count }: { rid: string; count: number }) {
  const { data, isError } = useDeviceEstimate(rid, count);
  return (
    <li className={styles.wide} data-testid="estimate">
      <ClockIcon size={15} />
      <span>出结果</span>
      <strong>
        {data ? estimateDaysText(data.days) : isError ? '暂无法估算，请咨询客户经理' : '按排队情况计算中…'}
        {data?.date ? <small className={styles.estimateDate}>今日收样约{formatMonthDay(data.date)}</small> : null}
      </strong>
    </li>
  );
}
