import { Button, Rate } from 'antd';
import type { EvaluationEntry } from '@yance/contracts/evaluation';
import { formatTime } from '@/lib/format.ts';
import styles from './orders.module.css';

/** Under a line of a confirmed order: the customer's stars, comment and the manager's reply, or the 评价 button while open. */
export function LineEvaluation({ evaluation, open, onEvaluate }: { evaluation?: EvaluationEntry; open: boolean; onEvaluate: () => void }) {
  if (evaluation) {
    return (
      <div className={styles.evaluation} data-testid="line-evaluation">
        <div>
          我的评价 <Rate disabled value={evaluation.stars} /> <span className={styles.muted}>{formatTime(evaluation.createdAt)}</span>
        </div>
        {evaluation.comment && <p className={styles.note}>{evaluation.comment}</p>}
        {evaluation.reply && <p className={styles.note}>客户经理回复：{evaluation.reply.text}</p>}
      </div>
    );
  }
  if (!open) return null;
  return (
    <Button size="small" type="primary" ghost className={styles.evaluateButton} onClick={onEvaluate}>
      评价
    </Button>
  );
}
