import { pointsCap, pointsFen } from '@yance/contracts/coupon-states';
import { formatFen } from '@yance/browser/format';
import { InputNumber, Select, Skeleton } from 'antd';
import { useUsableCoupons } from '../api/coupons.ts';
import styles from './coupon-picker.module.css';

export interface Discount {
  /** null: 不使用优惠券; undefined: the suggested (best) one. */
  couponId: number | null | undefined;
  points: number;
}

/** The coupon the order will send: the chosen one, or the suggested best until the customer chooses. */
export const chosenCoupon = (d: Discount, bestId: number | null | undefined): number | null =>
  d.couponId === undefined ? (bestId ?? null) : d.couponId;

/**
 * The order page's 优惠券 and 积分 (ADR 0053): the coupons that fit the chosen
 * plan lines with what each saves, the best one chosen at first; the points
 * within the balance and the settings' cap; what is left to pay. The server
 * checks both again when the order is sent.
 */
export function CouponPicker({ planIds, value, onChange }: { planIds: number[]; value: Discount; onChange: (d: Discount) => void }) {
  const usable = useUsableCoupons(planIds, true);
  const data = usable.data;

  if (usable.isError) return <p className={styles.muted}>优惠券暂时无法加载：{usable.error.message}</p>;
  if (!data) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  if (data.totalFen === null) return <p className={styles.muted}>订单含待报价项目，暂不能使用优惠券和积分</p>;

  const chosenId = chosenCoupon(value, data.bestId);
  const chosen = data.coupons.find((c) => c.id === chosenId && c.usable);
  const couponFen = chosen?.savingFen ?? 0;
  const rule = { earnPerYuan: 0, pointsPerYuan: data.points.pointsPerYuan, capPercent: data.points.capPercent, expireMonths: 1 };
  const cap = pointsCap(rule, data.totalFen - couponFen, data.points.balance);
  const points = Math.min(value.points, cap);
  const off = pointsFen(rule, points);
  const payable = data.totalFen - couponFen - off;

  return (
    <div className={styles.picker} data-testid="coupon-picker">
      <div className={styles.pickRow}>
        <span>优惠券</span>
        {couponFen > 0 && <span className={styles.save}>-{formatFen(couponFen)}</span>}
      </div>
      <Select
        aria-label="优惠券"
        value={chosen ? chosen.id : 0}
        onChange={(id: number) => onChange({ ...value, couponId: id === 0 ? null : id, points: Math.min(value.points, cap) })}
        options={[
          { value: 0, label: data.coupons.some((c) => c.usable) ? '不使用优惠券' : '暂无可用优惠券' },
          ...data.coupons.map((c) => ({
            value: c.id,
            disabled: !c.usable,
            label: c.usable
              ? `${c.name} · ${c.ruleText} · 省${formatFen(c.savingFen)}${c.id === data.bestId ? '（推荐）' : ''}`
              : `${c.name} · ${c.why}`,
          })),
        ]}
      />
      <div className={styles.pickRow}>
        <span>
          积分抵扣
          <span className={styles.muted}>
            {' '}
            可用{data.points.balance}，本单最多{cap}（{data.points.pointsPerYuan}积分抵¥1）
          </span>
        </span>
        {off > 0 && <span className={styles.save}>-{formatFen(off)}</span>}
      </div>
      <InputNumber
        aria-label="使用积分"
        min={0}
        max={cap}
        precision={0}
        disabled={cap === 0}
        value={points}
        onChange={(n) => onChange({ ...value, points: Math.max(0, Math.min(cap, Math.floor(Number(n ?? 0)))) })}
        style={{ width: '100%' }}
      />
      <div className={styles.pickRow}>
        <span>应付金额</span>
        <strong className={styles.payable} data-testid="order-payable">
          {formatFen(payable)}
        </strong>
      </div>
    </div>
  );
}
