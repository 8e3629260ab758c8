import { INVITEE_STATUS_NAMES, type InviteeStatus } from '@yance/contracts/invite-states';
import type { Invitee } from '@yance/contracts/invite';
import { formatFen } from '@yance/browser/format';
import { Grid, Pagination, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { formatTime } from '@/lib/format.ts';
import { useInvitees } from '../api/invites.ts';
import styles from './invite.module.css';

const PAGE_SIZE = 10;
const STATUS_COLORS: Record<InviteeStatus, string> = { registered: 'default', ordered: 'blue', rewarded: 'green', unrewarded: 'orange' };

const Status = ({ row }: { row: Invitee }) => (
  <span>
    <Tag color={STATUS_COLORS[row.status]}>{INVITEE_STATUS_NAMES[row.status]}</Tag>
    {row.reason && (
      <span className={styles.muted} data-testid="invitee-reason">
        {row.reason}
      </span>
    )}
  </span>
);

/** 我邀请的好友: each invitee, masked, with their status, what they earned the caller and their window. */
export function InviteeList() {
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
            title: '为您带来',
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
