import { CLUSTER_MEMBER_STATE_NAMES, CLUSTER_ROLE_NAMES, type ClusterSummary } from '@yance/contracts/cluster';
import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { Button, Input, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { Pager } from '@/components/pager.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { useClusterSearch, useJoinedClusters, useRemoveMember } from '../api/clusters.ts';
import { ApplyDialog } from './apply-dialog.tsx';
import { useGroupFunds } from '@/features/money/index.ts';
import styles from './cluster.module.css';
import { chinaDay } from './dates.ts';

const pageOf = (v: string | null) => Math.max(1, Number.parseInt(v ?? '1', 10) || 1);

/** 我加入的课题组: member and pending rows, with role and limit; a member may leave, an owner manages on communityMg. */
function Joined() {
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search.get('page'));
  const joined = useJoinedClusters(page);
  const leave = useRemoveMember();
  const go = (p: number) => {
    const q = new URLSearchParams(search);
    if (p > 1) q.set('page', String(p));
    else q.delete('page');
    setSearch(q);
  };
  if (joined.isError) return <ErrorState message={joined.error.message} onRetry={() => void joined.refetch()} />;
  if (!joined.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (joined.data.total === 0) return <EmptyState description="您还没有加入课题组，在下方搜索导师的课题组并申请加入" />;
  return (
    <>
      <ul className={styles.list} aria-label="我加入的课题组">
        {joined.data.list.map((g) => (
          <li key={g.mine.memberId} className={styles.item} data-testid="joined-group">
            <div className={styles.groupHead}>
              <div>
                <h3 className={styles.groupName}>
                  {g.name}{' '}
                  {g.mine.state === 'applied' ? (
                    <Tag color="gold">{CLUSTER_MEMBER_STATE_NAMES.applied}</Tag>
                  ) : (
                    <Tag color={g.mine.role === 'owner' ? 'blue' : 'green'}>{CLUSTER_ROLE_NAMES[g.mine.role]}</Tag>
                  )}
                </h3>
                <p className={styles.meta}>
                  <span>{g.institution}</span>
                  <span>负责人 {g.ownerName}</span>
                  <span>{g.memberCount} 名成员</span>
                  <span>
                    {g.mine.state === 'applied' ? '申请于' : '加入于'} {chinaDay(g.since)}
                  </span>
                </p>
                {g.mine.state === 'member' && <MemberFunds clusterId={g.id} limitFen={g.limitFen} spentFen={g.spentFen} />}
              </div>
              <div className={styles.actions}>
                {g.mine.role === 'owner' ? (
                  <Link to={paths.member('communityMg')}>
                    <Button size="small">管理</Button>
                  </Link>
                ) : (
                  g.mine.state === 'member' && (
                    <Popconfirm
                      title={`退出「${g.name}」？`}
                      description="退出后需重新申请才能加入。"
                      okText="退出"
                      cancelText="取消"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => leave.mutateAsync(g.mine.memberId, { onSuccess: () => notify.success('已退出课题组') })}
                    >
                      <Button size="small">退出课题组</Button>
                    </Popconfirm>
                  )
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {joined.data.total > joined.data.pageSize && (
        <div className={styles.pager}>
          <Pager page={joined.data.page} pageSize={joined.data.pageSize} total={joined.data.total} unit="个课题组" onChange={go} />
        </div>
      )}
    </>
  );
}

/** 查找课题组: by name or institution, with member counts and the customer's own state; 申请加入 opens the message dialog. */
function Search() {
  const [kw, setKw] = useState('');
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState<ClusterSummary | null>(null);
  const found = useClusterSearch(kw, page);
  return (
    <>
      <Input.Search
        aria-label="搜索课题组"
        placeholder="课题组名称或学校、院系"
        allowClear
        enterButton="搜索"
        maxLength={64}
        onSearch={(v) => {
          setKw(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 16 }}
      />
      {found.isError ? (
        <ErrorState message={found.error.message} onRetry={() => void found.refetch()} />
      ) : !found.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : found.data.total === 0 ? (
        <EmptyState description={kw ? `没有找到与「${kw}」相关的课题组` : '还没有课题组'} />
      ) : (
        <ul className={styles.list} aria-label="课题组搜索结果" aria-busy={found.isPlaceholderData}>
          {found.data.list.map((g) => (
            <li key={g.id} className={styles.item} data-testid="found-group">
              <div className={styles.groupHead}>
                <div>
                  <h3 className={styles.groupName}>{g.name}</h3>
                  <p className={styles.meta}>
                    <span>{g.institution}</span>
                    <span>负责人 {g.ownerName}</span>
                    <span>{g.memberCount} 名成员</span>
                  </p>
                </div>
                <div className={styles.actions}>
                  {g.mine ? (
                    <Tag color={g.mine.state === 'applied' ? 'gold' : 'green'}>
                      {g.mine.state === 'applied' ? '已申请，待审核' : g.mine.role === 'owner' ? '我负责的' : '已加入'}
                    </Tag>
                  ) : (
                    <Button size="small" type="primary" onClick={() => setApplying(g)}>
                      申请加入
                    </Button>
                  )}
                </div>
              </div>
              {g.description && <p className={styles.description}>{g.description}</p>}
            </li>
          ))}
        </ul>
      )}
      {found.data && found.data.total > found.data.pageSize && (
        <div className={styles.pager}>
          <Pager page={found.data.page} pageSize={found.data.pageSize} total={found.data.total} unit="个课题组" onChange={setPage} />
        </div>
      )}
      <ApplyDialog group={applying} onClose={() => setApplying(null)} />
    </>
  );
}

/** /member/communityJn — 加入的课题组 (ADR 0051): the groups joined or applied to, and the search to apply to more. */
export function CommunityJoin() {
  return (
    <>
      <section className={styles.card} aria-labelledby="community-jn-title">
        <div className={styles.head}>
          <h1 className={styles.title} id="community-jn-title">
            加入的课题组
          </h1>
        </div>
        <Joined />
      </section>
      <section className={styles.card} aria-labelledby="community-search-title">
        <h2 className={styles.title} id="community-search-title" style={{ marginBottom: 16 }}>
          查找课题组
        </h2>
        <Search />
      </section>
    </>
  );
}

/**
 * A member's money in the group: the limit and what is spent, and what may really be spent now — the group's balance
 * within the limit left (the settlement's rule, ADR 0050), so a ¥500 limit on an empty group reads 可用 ¥0.00.
 */
function MemberFunds({ clusterId, limitFen, spentFen }: { clusterId: number; limitFen: number; spentFen: number }) {
  const funds = useGroupFunds(clusterId);
  const balance = funds.data?.balanceFen;
  return (
    <p className={styles.meta} data-testid="member-funds">
      <span className={styles.money}>我的消费额度 {formatFen(limitFen)}</span>
      <span className={styles.money}>已使用 {formatFen(spentFen)}</span>
      {balance !== undefined && (
        <span className={styles.money}>
          课题组余额 {formatFen(balance)} · 当前可用 {formatFen(Math.max(0, Math.min(balance, limitFen - spentFen)))}
        </span>
      )}
    </p>
  );
}
