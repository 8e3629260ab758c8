import { INVITEE_STATUS_NAMES, type InviteeStatus } from '@yance/contracts/invite-states';
import type { Invitee } from '@yance/contracts/invite';
import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { Button, Grid, Pagination, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useInviteInfo, useInvitees } from '../api/invites.ts';
import { InvitePoster } from './invite-poster.tsx';
import styles from './invite.module.css';

const PAGE_SIZE = 10;
const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as the customer reads it, in their own clock: 2026-11-25 14:03. */
function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const STATUS_COLORS: Record<InviteeStatus, string> = { registered: 'default', ordered: 'blue', rewarded: 'green', unrewarded: 'orange' };

const Status = ({ row }: { row: Invitee }) => (
  <span>
    <Tag color={STATUS_COLORS[row.status]}>{INVITEE_STATUS_NAMES[row.status]}</Tag>
    {row.reason && <span className={styles.muted}>{row.reason}</span>}
  </span>
);

function InviteeList() {
  const [page, setPage] = useState(1);
  const narrow = !Grid.useBreakpoint().md;
  const list = useInvitees(page, PAGE_SIZE);
  let body;
  if (list.isError) body = <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (list.data.list.length === 0) body = <EmptyState description="还没有好友通过您的邀请注册，分享链接或海报邀请好友吧" />;
  else if (narrow)
    body = (
      <ul className={styles.rows}>
        {list.data.list.map((r, i) => (
          <li key={`${r.phone}-${i}`} className={styles.row} data-testid="invitee">
            <div className={styles.rowMain}>
              <strong>{r.phone}</strong>
              <span className={styles.muted}>注册于 {formatTime(r.registeredAt)}</span>
              <Status row={r} />
            </div>
            <div className={styles.rowSide}>{r.rewardFen > 0 ? <span className={styles.reward}>+{formatFen(r.rewardFen)}</span> : '—'}</div>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<Invitee>
        rowKey={(r) => `${r.phone}-${r.registeredAt}`}
        size="middle"
        dataSource={list.data.list}
        loading={list.isPlaceholderData}
        pagination={false}
        onRow={() => ({ 'data-testid': 'invitee' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '好友手机号', dataIndex: 'phone', width: 140 },
          { title: '注册时间', dataIndex: 'registeredAt', width: 160, render: (v: string) => formatTime(v) },
          { title: '状态', key: 'status', render: (_: unknown, r) => <Status row={r} /> },
          {
            title: '奖励',
            dataIndex: 'rewardFen',
            align: 'right',
            width: 160,
            render: (v: number, r) =>
              v > 0 ? (
                <span>
                  <span className={styles.reward}>+{formatFen(v)}</span>
                  {r.rewardedAt && <div className={styles.muted}>{formatTime(r.rewardedAt)}</div>}
                </span>
              ) : (
                '—'
              ),
          },
        ]}
      />
    );
  return (
    <section className={styles.card} aria-labelledby="invitees-title">
      <div className={styles.head}>
        <h2 className={styles.title} id="invitees-title">
          我邀请的好友
        </h2>
      </div>
      {body}
      {list.data && list.data.total > PAGE_SIZE && (
        <Pagination align="end" current={page} pageSize={PAGE_SIZE} total={list.data.total} onChange={setPage} showSizeChanger={false} />
      )}
    </section>
  );
}

/** /member/invite (邀请有礼, ADR 0054): the code, the link with copy, a poster to save, the invitees and the rewards earned. */
export function InvitePage() {
  const info = useInviteInfo();
  if (info.isError) return <ErrorState message={info.error.message} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const d = info.data;
  const link = `${window.location.origin}${d.path}`;
  const { enabled, inviterRewardFen, inviteeRewardFen } = d.settings;
  const rule = enabled
    ? `好友通过您的链接注册并完成首笔订单付款后，您将获得 ${formatFen(inviterRewardFen)} 奖励${inviteeRewardFen > 0 ? `，好友获得 ${formatFen(inviteeRewardFen)}` : ''}，存入预存余额，可用于支付检测费用。`
    : '邀请奖励活动暂未开启，您仍可邀请好友注册。';
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
        <p className={styles.muted} data-testid="invite-rule">
          {rule}每位好友仅奖励一次；同一设备或同一网络注册的邀请需人工审核。
        </p>
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
          </div>
          <InvitePoster
            link={link}
            code={d.code}
            shopName={d.shopName}
            reward={enabled && inviterRewardFen > 0 ? `好友首单后，邀请人得 ${formatFen(inviterRewardFen)}` : ''}
          />
        </div>
      </section>
      <InviteeList />
    </>
  );
}
