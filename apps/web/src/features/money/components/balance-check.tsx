import { formatFen } from '@yance/browser/format';
import { Alert, Button, Descriptions } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { shortfallOf } from '../utils/money-view.ts';
import styles from './money.module.css';

/**
 * A payment dialog's sums: what is due, the balance, and what is left after
 * — or, when the balance is short, by how much, with 去充值.
 */
export function BalanceCheck({
  dueLabel,
  dueFen,
  balanceFen,
  source,
}: {
  dueLabel: string;
  dueFen: number;
  balanceFen: number;
  /** Paying from a research group: its name (what is available is the group's balance within the member's limit). */
  source?: string;
}) {
  const navigate = useNavigate();
  const short = shortfallOf(balanceFen, dueFen);
  return (
    <>
      <Descriptions column={1} size="small" bordered className={styles.facts}>
        <Descriptions.Item label={dueLabel}>
          <span className={styles.factAmount} data-testid="due-amount">
            {formatFen(dueFen)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={source ? '课题组可用' : '预存余额'}>
          <span className={styles.num}>{formatFen(balanceFen)}</span>
        </Descriptions.Item>
        {short === 0 && (
          <Descriptions.Item label={source ? '支付后可用' : '支付后余额'}>
            <span className={styles.num}>{formatFen(balanceFen - dueFen)}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {short > 0 && source && (
        <Alert
          type="warning"
          showIcon
          title={`课题组「${source}」可用金额不足，还差 ${formatFen(short)}`}
          description="可用金额是课题组余额与您的额度剩余中较小的一个，请联系课题组负责人转入余额或调整额度。"
        />
      )}
      {short > 0 && !source && (
        <Alert
          type="warning"
          showIcon
          title={`预存余额不足，还差 ${formatFen(short)}`}
          description="请先充值，到账后再回来支付。"
          action={
            <Button size="small" type="primary" onClick={() => void navigate(paths.prestore())}>
              去充值
            </Button>
          }
        />
      )}
    </>
  );
}

/** The list pages' line above the orders: the balance and 去充值. */
export function BalanceBar({ balanceFen }: { balanceFen: number }) {
  const navigate = useNavigate();
  return (
    <div className={styles.balanceBar}>
      <span>
        预存余额 <strong className={styles.amount}>{formatFen(balanceFen)}</strong>
      </span>
      <Button size="small" onClick={() => void navigate(paths.prestore())}>
        去充值
      </Button>
    </div>
  );
}
