import type { PrestoreInfo } from '@yance/contracts/prestore';
import { formatFen } from '@yance/browser/format';
import { Skeleton } from 'antd';
import { tierText } from '../utils/money-view.ts';
import styles from './money.module.css';

/** 预存中心's head: the balance, big; the top-ups waiting; the bonus tiers. */
export function BalanceCard({ info }: { info: PrestoreInfo | undefined }) {
  return (
    <section className={styles.balanceCard} aria-labelledby="prestore-title">
      <div>
        <h1 className={styles.balanceLabel} id="prestore-title">
          预存余额
        </h1>
        {info ? (
          <p className={styles.balance} data-testid="prestore-balance">
            {formatFen(info.balanceFen)}
          </p>
        ) : (
          <Skeleton.Input active size="large" />
        )}
        {info && info.pendingTopups > 0 && (
          <p className={styles.balanceNote}>
            {info.pendingTopups} 笔充值待到账，<a href="#topups">查看充值记录</a>
          </p>
        )}
      </div>
      {info && info.bonusTiers.length > 0 && (
        <div className={styles.balanceSide}>
          <p className={styles.balanceLabel}>充值赠送</p>
          <div className={styles.tierChips}>
            {info.bonusTiers.map((t) => (
              <span key={t.minFen} className={styles.tierChip}>
                {tierText(t)}
              </span>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
