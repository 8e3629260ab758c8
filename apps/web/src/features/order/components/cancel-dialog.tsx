import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useCancelOrder } from '../api/orders.ts';
import styles from './orders.module.css';

const REASON_MAX = 200;

/** 取消订单 asks for the reason (the timeline shows it); nothing is sent without one. */
export function CancelDialog({ order, onClose }: { order: { id: number; no: string } | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const cancel = useCancelOrder();
  const trimmed = reason.trim();
  const problem = trimmed === '' ? '[取消原因]不能为空' : undefined;
  const close = () => {
    setReason('');
    setTried(false);
    onClose();
  };
  return (
    <Modal
      open={order !== null}
      title="取消订单"
      okText="确认取消"
      cancelText="再想想"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      onCancel={close}
      onOk={() => {
        setTried(true);
        if (!order || problem) return;
        cancel.mutate({ id: order.id, reason: trimmed }, { onSuccess: close });
      }}
      destroyOnHidden
    >
      <p className={styles.dialogText}>确定取消订单 {order?.no} 吗？取消后不能恢复，请写明原因。</p>
      <Input.TextArea
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={REASON_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder="取消原因"
        aria-label="取消原因"
        status={tried && problem ? 'error' : undefined}
        aria-invalid={tried && !!problem}
      />
      {tried && problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
