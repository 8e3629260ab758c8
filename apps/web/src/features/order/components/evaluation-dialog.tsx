import { Input, Modal, Rate } from 'antd';
import { useState } from 'react';
import { EVALUATION_COMMENT_MAX } from '@yance/contracts/evaluation';
import { useAddEvaluation } from '../api/evaluations.ts';
import styles from './orders.module.css';

const STAR_WORDS = ['非常不满意', '不满意', '一般', '满意', '非常满意'];

/** 评价 one line of a confirmed order: 1–5 stars (required) and a comment of up to 500 characters. */
export function EvaluationDialog({
  orderId,
  line,
  onClose,
}: {
  orderId: number;
  line: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddEvaluation(orderId);
  const problem = stars === 0 ? '请选择评分' : undefined;
  const close = () => {
    setStars(0);
    setComment('');
    setTried(false);
    onClose();
  };
  return (
    <Modal
      open={line !== null}
      title="评价项目"
      okText="提交评价"
      cancelText="取消"
      okButtonProps={{ loading: add.isPending }}
      onCancel={close}
      onOk={() => {
        setTried(true);
        if (!line || problem) return;
        add.mutate({ lineId: line.id, stars, comment: comment.trim() }, { onSuccess: close });
      }}
      destroyOnHidden
    >
      <p className={styles.dialogText}>{line?.name}</p>
      <div className={styles.rateRow}>
        <Rate value={stars} onChange={setStars} aria-label="评分" />
        <span className={styles.muted}>{stars > 0 ? STAR_WORDS[stars - 1] : '点击星星评分'}</span>
      </div>
      {tried && problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <Input.TextArea
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={EVALUATION_COMMENT_MAX}
        showCount
        autoSize={{ minRows: 4, maxRows: 8 }}
        placeholder="说说检测速度、数据质量和服务体验（选填）"
        aria-label="评价内容"
        className={styles.evaluationText}
      />
    </Modal>
  );
}
