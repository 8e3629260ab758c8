import { formatFen } from '@yance/browser/format';
import { Button, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useAssets } from '../api/prestore.ts';
import styles from './money.module.css';

/**
 * The member center's money (spec §7 assets): the prestore balance with 去充值,
 * top-ups waiting, the research groups' balances with the customer's limit,
 * what is due — 待付款, 待结算 and, of it, 欠款中 — the usable coupons, the
 * points and a promoter's wallet, each linking to its page.
 */
export function PrestoreSummary() {
  const assets = useAssets();
  const navigate = useNavigate();
  const a = assets.data;
  return (
    <section className={styles.card} aria-labelledby="assets-title">
      <div className={styles.head}>
        <div>
          <h2 className={styles.muted} id="assets-title">
            预存余额
          </h2>
          {a ? (
            <p className={styles.summaryBalance} data-testid="center-balance">
              {formatFen(a.balanceFen)}
            </p>
          ) : (
            <Skeleton.Input active />
          )}
          {a && a.pendingTopups > 0 && <p className={styles.muted}>{a.pendingTopups} 笔充值待到账</p>}
        </div>
        <Button type="primary" onClick={() => void navigate(paths.prestore())}>
          去充值
        </Button>
      </div>
      {a && (a.unpaidOrders > 0 || a.unsettledOrders > 0 || a.groups.length > 0 || a.usableCoupons > 0 || a.points > 0 || a.wallet) && (
        <ul className={styles.assetList} data-testid="center-assets">
          {a.unpaidOrders > 0 && (
            <li>
              <Link to={paths.member('unpaid')}>待付款</Link>
              <span>
                {a.unpaidOrders} 单 · {formatFen(a.unpaidFen)}
              </span>
            </li>
          )}
          {a.unsettledOrders > 0 && (
            <li>
              <Link to={paths.member('unsettled')}>待结算</Link>
              <span>
                {a.unsettledOrders} 单 · {formatFen(a.unsettledFen)}
                {a.overdueFen > 0 && <strong className={styles.overdue}>（欠款 {formatFen(a.overdueFen)}）</strong>}
              </span>
            </li>
          )}
          {a.usableCoupons > 0 && (
            <li>
              <Link to={paths.member('coupon')}>优惠券</Link>
              <span>{a.usableCoupons} 张可用</span>
            </li>
          )}
          {a.points > 0 && (
            <li>
              <Link to={paths.member('integral')}>积分</Link>
              <span>{a.points}</span>
            </li>
          )}
          {a.wallet && (
            <li>
              <Link to={paths.member('promotion')}>返利钱包</Link>
              <span>
                可提现 {formatFen(a.wallet.availableFen)}
                {a.wallet.pendingFen > 0 && ` · 待入账 ${formatFen(a.wallet.pendingFen)}`}
              </span>
            </li>
          )}
          {a.groups.map((g) => (
            <li key={g.id}>
              <Link to={paths.member(g.owner ? 'communityMg' : 'communityJn')}>课题组「{g.name}」</Link>
              <span>
                余额 {formatFen(g.balanceFen)}
                {!g.owner && ` · 我的额度剩余 ${formatFen(Math.max(0, g.limitFen - g.spentFen))}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
