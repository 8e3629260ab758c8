import type { MyCoupon } from '@yance/contracts/coupon';
import { formatFen } from '@yance/browser/format';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import styles from './coupon.module.css';

/** The coupon's face: what it takes off (¥ or 折), its rule, scope and window. */
export function CouponCard({ coupon, dim = false, extra }: { coupon: MyCoupon; dim?: boolean; extra?: ReactNode }) {
  return (
    <li className={styles.coupon} data-dim={dim} data-testid="coupon-card">
      <div className={styles.value}>
        <strong>{coupon.kind === 'amount' ? formatFen(coupon.amountFen).replace(/\.00$/, '') : `${coupon.ratePercent / 10}折`}</strong>
        <small>{coupon.thresholdFen > 0 ? `满${formatFen(coupon.thresholdFen).replace(/\.00$/, '')}可用` : '无门槛'}</small>
      </div>
      <div className={styles.info}>
        <strong>{coupon.name}</strong>
        <span className={styles.muted}>{coupon.ruleText}</span>
        <span className={styles.muted}>{coupon.scopeText}</span>
        <span className={styles.muted}>
          {coupon.validFrom} 至 {coupon.validTo}
        </span>
        {coupon.orderNo && <Tag className={styles.tag}>订单 {coupon.orderNo}</Tag>}
        {extra}
      </div>
    </li>
  );
}
