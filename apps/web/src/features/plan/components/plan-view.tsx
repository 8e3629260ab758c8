import type { UserInfoResponse } from '@yance/contracts/user';
import { Button, Checkbox, Popconfirm, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { useDeletePlanLines, useEditPlanLine, usePlan } from '../api/plan.ts';
import { useLineEdits } from '../hooks/use-line-edits.ts';
import { orderableSelection, planLines, sortedGroups, toOrderIds, totalOf, withEdit } from '../utils/plan-lines.ts';
import { ATTESTATION_HINT, AttestationHint } from '@/components/attestation-hint.tsx';
import { PlanLineRow } from './plan-line-row.tsx';
import styles from './plan-view.module.css';

interface PlanViewProps {
  user: UserInfoResponse;
  /** Opens the attestation popup (the route owns it). */
  onAttest: () => void;
}

/**
 * 实验方案 (spec §3 user plan): the lines by type (定制项目 first), each with
 * its options, count and live price; select, delete, and 去下单 with the
 * selected lines. Ordering waits for a completed attestation.
 */
export function PlanView({ user, onAttest }: PlanViewProps) {
  const plan = usePlan();
  const edit = useEditPlanLine();
  const del = useDeletePlanLines();
  const navigate = useNavigate();
  const { edits, change, flush } = useLineEdits((id, next) => edit.mutateAsync({ id, ...next }));
  // Lines the customer unticked; every other orderable line is selected (new lines arrive ticked).
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());

  if (plan.isError) return <ErrorState message={plan.error.message} onRetry={() => void plan.refetch()} />;
  if (!plan.data) return <Skeleton active paragraph={{ rows: 8 }} />;

  const lines = planLines(plan.data).map((l) => withEdit(l, edits[l.id]));
  const orderable = lines.filter((l) => l.available);
  const selected = new Set(orderableSelection(lines, new Set(orderable.map((l) => l.id).filter((id) => !unticked.has(id)))));
  const chosen = lines.filter((l) => selected.has(l.id));
  const total = totalOf(chosen);
  const attested = user.userInfo.attested;

  const toggle = (id: number, on: boolean) =>
    setUnticked((u) => {
      const next = new Set(u);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  const allOn = orderable.length > 0 && selected.size === orderable.length;
  const toOrder = () => {
    if (!attested) {
      notify.warning(ATTESTATION_HINT);
      onAttest();
      return;
    }
    const ids = toOrderIds(lines, selected);
    if (ids.length === 0) {
      notify.warning('所选均为现场预约项目，请在项目页「预约上机」选择时段');
      return;
    }
    // A count still being typed reaches the server before the order page reads the plan.
    void flush().then(() => navigate(paths.orderNew(ids)));
  };

  if (lines.length === 0) {
    return (
      <section className={styles.card}>
        <h1 className={styles.title}>实验方案</h1>
        <EmptyState description="实验方案还是空的，去挑选检测项目吧">
          <Link className="btn-primary" to={paths.project()}>
            浏览检测项目
          </Link>
        </EmptyState>
      </section>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="plan-title">
      <div className={styles.head}>
        <h1 className={styles.title} id="plan-title">
          实验方案 <span className={styles.count}>共{lines.length}项</span>
        </h1>
        <Link to={paths.orders()} className={styles.headLink}>
          我的订单
        </Link>
      </div>
      {!attested && <AttestationHint onAttest={onAttest} />}
      {sortedGroups(plan.data).map((group) => (
        <div key={group.type_id} className={styles.group} role="group" aria-label={group.type_name}>
          <h2 className={styles.groupTitle}>
            {group.type_name}
            <span className={styles.count}>{group.count}项</span>
          </h2>
          <ul className={styles.lines}>
            {group.items.map((raw) => {
              const line = withEdit(raw, edits[raw.id]);
              return (
                <PlanLineRow
                  key={line.id}
                  line={line}
                  selected={selected.has(line.id)}
                  onSelect={(on) => toggle(line.id, on)}
                  onChange={(next) => change(raw.id, next)}
                />
              );
            })}
          </ul>
        </div>
      ))}
      <div className={styles.bar} data-sticky-bar="">
        <Checkbox
          checked={allOn}
          indeterminate={selected.size > 0 && !allOn}
          disabled={orderable.length === 0}
          onChange={(e) => setUnticked(e.target.checked ? new Set() : new Set(orderable.map((l) => l.id)))}
        >
          全选
        </Checkbox>
        <Popconfirm
          title={`确定从方案中删除选中的${selected.size}项吗？`}
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          disabled={selected.size === 0}
          onConfirm={() =>
            del.mutateAsync([...selected], {
              onSuccess: () => {
                notify.success('已删除');
                setUnticked(new Set());
              },
            })
          }
        >
          <Button type="link" danger disabled={selected.size === 0} className={styles.delete}>
            删除选中
          </Button>
        </Popconfirm>
        <div className={styles.sum} aria-live="polite">
          <span>
            已选 <strong>{selected.size}</strong> 项
          </span>
          <span>
            合计{' '}
            <strong className={styles.total} data-testid="plan-total">
              {formatFen(total.fen)}
            </strong>
          </span>
          {total.unpriced > 0 && <small className={styles.note}>另有{total.unpriced}项待报价</small>}
        </div>
        <Button type="primary" size="large" disabled={selected.size === 0} onClick={toOrder} className={styles.go}>
          去下单
        </Button>
      </div>
    </section>
  );
}
