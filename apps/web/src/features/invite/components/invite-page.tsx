import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import {
  inviteCouponName,
  inviteCouponTerms,
  inviteeHeadline,
  inviteRuleLines,
  offersCoupon,
  offersRebate,
  percentText,
} from '@yance/contracts/invite-rules';
import type { InviteInfo } from '@yance/contracts/invite';
import { Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { useInviteInfo } from '../api/invites.ts';
import { InvitePoster } from './invite-poster.tsx';
import { InviteeList } from './invitee-list.tsx';
import styles from './invite.module.css';

/** What each side gets, from the programme's settings (ADR 0069): the invitee's coupon, the inviter's rebate. */
function Offers({ s }: { s: InviteInfo['settings'] }) {
  if (!offersCoupon(s) && !offersRebate(s)) return <p className={styles.muted}>邀请有礼活动暂未开启，您仍可邀请好友注册。</p>;
  return (
    <div className={styles.offers} data-testid="invite-offers">
      {offersCoupon(s) && (
        <div className={styles.offer}>
          <span className={styles.offerWho}>好友得</span>
          <strong className={styles.offerWhat}>{inviteCouponName(s)}</strong>
          <span className={styles.muted}>{inviteCouponTerms(s)}，首笔订单即可使用</span>
        </div>
      )}
      {offersRebate(s) && (
        <div className={styles.offer}>
          <span className={styles.offerWho}>您得</span>
          <strong className={styles.offerWhat}>{percentText(s.rateBp)} 返利</strong>
          <span className={styles.muted}>
            好友注册后 {s.windowMonths} 个月内每笔实付金额，订单完成 {s.holdDays} 天后可提现
          </span>
        </div>
      )}
    </div>
  );
}

/** /member/invite (邀请有礼, ADR 0054, ADR 0069): the offer and rules from the settings, the code, the link, a poster, the wallet, the invitees. */
export function InvitePage() {
  const info = useInviteInfo();
  if (info.isError) return <ErrorState message={info.error.message} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const d = info.data;
  const s = d.settings;
  const link = `${window.location.origin}${d.path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success('邀请链接已复制');
    } catch {
      notify.warning('复制失败，请手动选择链接复制');
    }
  };
  return (
    <>
      <section className={styles.card} aria-labelledby="invite-title">
        <div className={styles.head}>
          <h1 className={styles.title} id="invite-title">
            邀请有礼
          </h1>
        </div>
        <Offers s={s} />
        <div className={styles.top}>
          <div>
            <dl className={styles.facts}>
              <dt>我的邀请码</dt>
              <dd className={styles.code} data-testid="invite-code">
                {d.code}
              </dd>
              <dt>邀请链接</dt>
              <dd className={styles.link}>
                <span className={styles.linkText} data-testid="invite-link">
                  {link}
                </span>
                <Button size="small" onClick={() => void copy()}>
                  复制链接
                </Button>
              </dd>
            </dl>
            <div className={styles.stats}>
              <div className={styles.stat}>
                <span className={styles.muted}>邀请人数</span>
                <strong data-testid="invite-count">{d.invitees}</strong>
              </div>
              <div className={styles.stat}>
                <span className={styles.muted}>已奖励</span>
                <strong>{d.rewarded}</strong>
              </div>
              <div className={styles.stat}>
                <span className={styles.muted}>累计奖励</span>
                <strong data-testid="invite-earned">{formatFen(d.earnedFen)}</strong>
              </div>
            </div>
            <p className={styles.wallet} data-testid="invite-wallet">
              <span>
                返利钱包：可提现 <strong>{formatFen(d.availableFen)}</strong> · 待入账 <strong>{formatFen(d.pendingFen)}</strong>
              </span>
              <Link to={paths.member('promotion')}>明细与提现</Link>
            </p>
          </div>
          <InvitePoster link={link} code={d.code} shopName={d.shopName} reward={inviteeHeadline(s)} />
        </div>
        <h2 className={styles.rulesTitle}>活动规则</h2>
        <ol className={styles.rules} data-testid="invite-rule">
          {inviteRuleLines(s, d.minWithdrawFen).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
      <InviteeList />
    </>
  );
}
