import type { UserInfoResponse } from '@yance/contracts/user';
import { Button, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MEMBER_MENU } from '@/config/member-menu.ts';
import { paths } from '@/config/paths.ts';
import { maskPhone } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { ManagerCard } from './manager-card.tsx';
import layout from './member-layout.module.css';
import styles from './member-center.module.css';

/**
 * 会员中心 overview: account, phone, `todo` (the orders waiting for the customer, from the order feature),
 * `assets` (the balance, composed by the route from the money feature), invite code and link with `invite` (the
 * programme's terms, from the invite feature), profile status, quick links.
 */
export function MemberCenter({
  user,
  assets,
  todo,
  invite,
}: {
  user: UserInfoResponse;
  assets?: ReactNode;
  todo?: ReactNode;
  invite?: ReactNode;
}) {
  const { userInfo } = user;
  const inviteLink = `${window.location.origin}${paths.invited(userInfo.inviteCode)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(inviteLink);
      notify.success('邀请链接已复制');
    } catch {
      notify.warning('复制失败，请手动选择链接复制');
    }
  };
  return (
    <>
      <section className={layout.card}>
        <div className={styles.hello}>
          <span className={styles.avatar} aria-hidden="true">
            {(userInfo.name || userInfo.account).slice(0, 1)}
          </span>
          <div>
            <h1 className={styles.name}>{maskPhone(userInfo.account)}</h1>
            <p className={styles.sub}>注册于 {userInfo.created.slice(0, 10)}</p>
          </div>
        </div>
      </section>
      {todo}
      {assets}
      <section className={layout.card} aria-label="账户信息">
        <h2 className={layout.cardTitle}>账户信息</h2>
        <dl className={styles.facts}>
          <div>
            <dt>账号</dt>
            <dd>{maskPhone(userInfo.account)}</dd>
          </div>
          <div>
            <dt>手机号</dt>
            <dd>{maskPhone(userInfo.phone)}</dd>
          </div>
          <div>
            <dt>基本信息</dt>
            <dd>
              <AttestationTag state={userInfo.attestationState} attested={userInfo.attested} />
              <Link to={paths.member('information')}>{userInfo.attested ? '查看' : '去完善'}</Link>
              {userInfo.attestationState === 'rejected' && userInfo.attestationReason && (
                <p className={styles.reason}>未通过原因：{userInfo.attestationReason}</p>
              )}
            </dd>
          </div>
          <div>
            <dt>收货地址</dt>
            <dd>
              {user.address.length} 个 <Link to={paths.member('address')}>管理</Link>
            </dd>
          </div>
          <div>
            <dt>我的邀请码</dt>
            <dd data-testid="invite-code">{userInfo.inviteCode}</dd>
          </div>
          <div>
            <dt>邀请链接</dt>
            <dd className={styles.invite}>
              <span className={styles.inviteLink} data-testid="invite-link">
                {inviteLink}
              </span>
              <Button size="small" onClick={() => void copy()}>
                复制链接
              </Button>
            </dd>
          </div>
          {invite && (
            <div>
              <dt>邀请有礼</dt>
              <dd>{invite}</dd>
            </div>
          )}
        </dl>
      </section>
      <ManagerCard manager={userInfo.manager} />
      <section className={layout.card} aria-label="快捷入口">
        <h2 className={layout.cardTitle}>快捷入口</h2>
        <ul className={styles.links}>
          {MEMBER_MENU.filter((e) => e.page !== 'center').map((e) => (
            <li key={e.page}>
              <Link to={e.to}>{e.label}</Link>
            </li>
          ))}
          <li>
            <Link to={paths.member('reservation')}>我的预约</Link>
          </li>
        </ul>
      </section>
    </>
  );
}

/** The form's state as the customer reads it: filled or not, and what the review said (ADR 0035). */
function AttestationTag({ state, attested }: { state: UserInfoResponse['userInfo']['attestationState']; attested: boolean }) {
  if (state === 'approved') return <Tag color="success">已认证</Tag>;
  if (state === 'rejected') return <Tag color="error">未通过</Tag>;
  if (state === 'pending') return <Tag color="processing">已完善 · 待审核</Tag>;
  return attested ? <Tag color="success">已完善</Tag> : <Tag color="warning">未完善</Tag>;
}
