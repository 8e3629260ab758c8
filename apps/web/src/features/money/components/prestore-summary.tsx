import { formatFen } from '@yance/browser/format';
import { Button, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { usePrestoreInfo } from '../api/prestore.ts';
import styles from './money.module.css';

/** The member center's money line: the prestore balance, top-ups waiting, 去充值. */
export function PrestoreSummary() {
  const info = usePrestoreInfo();
  const navigate = useNavigate();
  return (
    <section className={styles.card} aria-labelledby="assets-title">
      <div className={styles.head}>
        <div>
          <h2 className={styles.muted} id="assets-title">
            预存余额
          </h2>
          {info.data ? (
            <p className={styles.summaryBalance} data-testid="center-balance">
              {formatFen(info.data.balanceFen)}
            </p>
          ) : (
            <Skeleton.Input active />
          )}
          {info.data && info.data.pendingTopups > 0 && <p className={styles.muted}>{info.data.pendingTopups} 笔充值待到账</p>}
        </div>
        <Button type="primary" onClick={() => void navigate(paths.prestore())}>
          去充值
        </Button>
      </div>
    </section>
  );
}
