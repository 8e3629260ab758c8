import { CLUSTER_ROLE_NAMES, type ClusterManaged, type ClusterMember } from '@yance/contracts/cluster';
import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { GroupTransferDialog, useGroupFunds, type TransferDirection } from '@/features/money/index.ts';
import { useAnswerApplication, useDeleteCluster, useRemoveMember } from '../api/clusters.ts';
import styles from './cluster.module.css';
import { chinaDay } from './dates.ts';

interface Handlers {
  onEdit: () => void;
  onTransfer: () => void;
  onAddMember: () => void;
  onLimit: (m: ClusterMember) => void;
}

/** One group the customer owns: its facts, pending applications (同意 / 拒绝) and members (额度, 移出). */
export function OwnedGroup({ group, onEdit, onTransfer, onAddMember, onLimit }: { group: ClusterManaged } & Handlers) {
  const answer = useAnswerApplication();
  const remove = useRemoveMember();
  const del = useDeleteCluster();
  const alone = group.memberCount <= 1;
  const funds = useGroupFunds(group.id);
  const [transfer, setTransfer] = useState<TransferDirection | null>(null);
  const balanceFen = funds.data?.balanceFen ?? 0;
  return (
    <article className={styles.card} aria-labelledby={`group-${group.id}`} data-testid="owned-group">
      <div className={styles.groupHead}>
        <div>
          <h2 className={styles.groupName} id={`group-${group.id}`}>
            {group.name}
          </h2>
          <p className={styles.meta}>
            <span>{group.institution}</span>
            <span>{group.memberCount} 名成员</span>
            <span>创建于 {chinaDay(group.createdAt)}</span>
          </p>
        </div>
        <div className={styles.actions}>
          <Button size="small" onClick={onEdit}>
            编辑
          </Button>
          <Button size="small" onClick={onTransfer}>
            转让
          </Button>
          <Popconfirm
            title="删除这个课题组？"
            description={alone ? '删除后不能恢复，待审核的申请将被拒绝。' : '课题组还有其他成员，请先移出全部成员。'}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true, disabled: !alone }}
            onConfirm={() => del.mutateAsync(group.id, { onSuccess: () => notify.success('课题组已删除') })}
          >
            <Button size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </div>
      </div>
      {group.description && <p className={styles.description}>{group.description}</p>}

      <div className={styles.funds} data-testid="group-balance">
        <div>
          <em>课题组余额</em>
          <strong className={styles.money}>{funds.data ? formatFen(balanceFen) : '—'}</strong>
          <span className={styles.fundsHint}>成员在各自额度内从课题组余额结算</span>
        </div>
        <div className={styles.rowActions}>
          <Button size="small" type="primary" onClick={() => setTransfer('in')}>
            转入余额
          </Button>
          <Button size="small" disabled={balanceFen <= 0} onClick={() => setTransfer('out')}>
            转回预存
          </Button>
        </div>
      </div>
      {transfer && <GroupTransferDialog group={group} direction={transfer} onClose={() => setTransfer(null)} />}

      {group.applicationsTotal > 0 && (
        <>
          <h3 className={styles.sectionTitle}>待审核的申请（{group.applicationsTotal}）</h3>
          <ul className={styles.rows} aria-label="待审核的申请">
            {group.applications.map((a) => (
              <li key={a.id} className={styles.row} data-testid="application">
                <div className={styles.who}>
                  {a.name || '未填写姓名'} <span>{a.phone}</span>
                </div>
                <div className={styles.cell}>
                  <em>单位</em>
                  {a.company || '—'}
                </div>
                <div className={styles.cell}>
                  <em>留言 · {chinaDay(a.appliedAt)}</em>
                  {a.message || '（无留言）'}
                </div>
                <div className={styles.rowActions}>
                  <Button
                    size="small"
                    type="primary"
                    loading={answer.isPending && answer.variables?.id === a.id && answer.variables.agree}
                    onClick={() =>
                      answer.mutate({ id: a.id, agree: true }, { onSuccess: () => notify.success(`已同意 ${a.name || a.phone} 加入`) })
                    }
                  >
                    同意
                  </Button>
                  <Popconfirm
                    title="拒绝这条申请？"
                    okText="拒绝"
                    cancelText="取消"
                    onConfirm={() => answer.mutateAsync({ id: a.id, agree: false }, { onSuccess: () => notify.success('已拒绝申请') })}
                  >
                    <Button size="small">拒绝</Button>
                  </Popconfirm>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <div className={styles.head} style={{ margin: '20px 0 10px' }}>
        <h3 className={styles.sectionTitle} style={{ margin: 0 }}>
          成员
        </h3>
        <Button size="small" type="primary" ghost onClick={onAddMember}>
          添加成员
        </Button>
      </div>
      <ul className={styles.rows} aria-label="成员">
        {group.members.map((m) => (
          <li key={m.id} className={styles.row} data-testid="member">
            <div className={styles.who}>
              {m.name || '未填写姓名'} <span>{m.phone}</span>
              {m.role === 'owner' && <Tag color="blue">{CLUSTER_ROLE_NAMES.owner}</Tag>}
            </div>
            <div className={styles.cell}>
              <em>消费额度 / 已使用</em>
              <span className={styles.money}>
                {formatFen(m.limitFen)} / {formatFen(m.spentFen)}
              </span>
            </div>
            <div className={styles.cell}>
              <em>单位 · 加入于 {chinaDay(m.joinedAt)}</em>
              {m.company || '—'}
            </div>
            <div className={styles.rowActions}>
              <Button size="small" type="link" onClick={() => onLimit(m)}>
                设置额度
              </Button>
              {m.role === 'member' && (
                <Popconfirm
                  title={`把 ${m.name || m.phone} 移出课题组？`}
                  okText="移出"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(m.id, { onSuccess: () => notify.success('成员已移出') })}
                >
                  <Button size="small" type="link" danger>
                    移出
                  </Button>
                </Popconfirm>
              )}
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}
