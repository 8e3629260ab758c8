import { formatFen } from '@yance/browser/format';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAssets } from '../api/prestore.ts';
import { GroupTransferDialog, type TransferDirection } from './group-transfer-dialog.tsx';
import funds from './group-funds.module.css';
import styles from './money.module.css';

/** 预存中心's 课题组资金: each group the customer owns with its balance, 转入 and 转回预存; members see theirs with the limit left. */
export function GroupFundsCard() {
  const assets = useAssets();
  const [open, setOpen] = useState<{ id: number; name: string; direction: TransferDirection } | null>(null);
  const groups = assets.data?.groups ?? [];
  if (!groups.length) return null;
  return (
    <section className={styles.card} aria-labelledby="group-funds-title" data-testid="group-funds">
      <h2 className={styles.cardTitle} id="group-funds-title">
        课题组资金
      </h2>
      <ul className={funds.groupFunds}>
        {groups.map((g) => (
          <li key={g.id} className={funds.groupFund}>
            <div>
              <strong>{g.name}</strong>
              <span className={funds.groupRole}>{g.owner ? '负责人' : '成员'}</span>
            </div>
            <div className={funds.groupFigures}>
              <span>
                课题组余额 <strong>{formatFen(g.balanceFen)}</strong>
              </span>
              {!g.owner && (
                <span>
                  我的额度剩余 <strong>{formatFen(Math.max(0, g.limitFen - g.spentFen))}</strong>
                </span>
              )}
            </div>
            {g.owner ? (
              <div className={funds.groupActions}>
                <Button type="primary" size="small" onClick={() => setOpen({ id: g.id, name: g.name, direction: 'in' })}>
                  转入课题组
                </Button>
                <Button size="small" disabled={g.balanceFen <= 0} onClick={() => setOpen({ id: g.id, name: g.name, direction: 'out' })}>
                  转回预存
                </Button>
              </div>
            ) : (
              <Link to="/member/communityJn" className={funds.groupActions}>
                查看课题组
              </Link>
            )}
          </li>
        ))}
      </ul>
      {open && <GroupTransferDialog group={open} direction={open.direction} onClose={() => setOpen(null)} />}
    </section>
  );
}
