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
export function BalanceCheck({ dueLabel, dueFen, balanceFen }: { dueLabel: string; dueFen: number; balanceFen: number }) {
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
        <Descriptions.Item label="预存余额">
          <span className={styles.num}>{formatFen(balanceFen)}</span>
        </Descriptions.Item>
        {short === 0 && (
          <Descriptions.Item label="支付后余额">
            <span className={styles.num}>{formatFen(balanceFen - dueFen)}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {short > 0 && (
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
