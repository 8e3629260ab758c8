import type { ClusterManaged, ClusterMember } from '@yance/contracts/cluster';
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { useOwnedClusters } from '../api/clusters.ts';
import { AddMemberDialog } from './add-member-dialog.tsx';
import styles from './cluster.module.css';
import { GroupDialog } from './group-dialog.tsx';
import { LimitDialog } from './limit-dialog.tsx';
import { OwnedGroup } from './owned-group.tsx';
import { TransferDialog } from './transfer-dialog.tsx';

/**
 * /member/communityMg — 课题组管理 (ADR 0051): the groups the customer owns,
 * their applications and members; a teacher creates a group here.
 */
export function CommunityManage() {
  const owned = useOwnedClusters();
  const [form, setForm] = useState<{ open: boolean; editing?: ClusterManaged }>({ open: false });
  const [transfer, setTransfer] = useState<ClusterManaged | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [limit, setLimit] = useState<ClusterMember | null>(null);

  if (owned.isError) return <ErrorState message={owned.error.message} onRetry={() => void owned.refetch()} />;
  if (!owned.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { list, mayCreate, refusal } = owned.data;
  const notTeacher = !mayCreate && list.length === 0;
  return (
    <>
      <section className={styles.card} aria-labelledby="community-mg-title">
        <div className={styles.head}>
          <h1 className={styles.title} id="community-mg-title">
            课题组管理
          </h1>
          <Button type="primary" disabled={!mayCreate} onClick={() => setForm({ open: true })}>
            创建课题组
          </Button>
        </div>
        <p className={styles.note}>
          负责人可审核入组申请、按手机号添加成员、为成员设置消费额度，或把课题组转让给组内成员。加入别人的课题组请到
          <Link to={paths.member('communityJn')}>「加入的课题组」</Link>。
        </p>
        {refusal && (
          <Alert
            type={notTeacher ? 'info' : 'warning'}
            showIcon
            title={refusal}
            action={
              notTeacher && (
                <Link to={paths.member('information')}>
                  <Button size="small">去认证</Button>
                </Link>
              )
            }
          />
        )}
        {list.length === 0 && !refusal && <EmptyState description="您还没有课题组，创建一个，邀请学生加入吧" />}
      </section>
      {list.map((g) => (
        <OwnedGroup
          key={g.id}
          group={g}
          onEdit={() => setForm({ open: true, editing: g })}
          onTransfer={() => setTransfer(g)}
          onAddMember={() => setAdding(g.id)}
          onLimit={setLimit}
        />
      ))}
      <GroupDialog key={form.editing?.id ?? 'new'} open={form.open} editing={form.editing} onClose={() => setForm({ open: false })} />
      <TransferDialog group={transfer} onClose={() => setTransfer(null)} />
      {adding !== null && <AddMemberDialog clusterId={adding} open onClose={() => setAdding(null)} />}
      <LimitDialog key={limit?.id ?? 0} member={limit} onClose={() => setLimit(null)} />
    </>
  );
}
