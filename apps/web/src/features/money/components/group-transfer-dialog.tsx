import { formatFen, yuanToFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { Form, InputNumber, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useGroupFunds, useGroupTransfer } from '../api/group-funds.ts';
import { usePrestoreInfo } from '../api/prestore.ts';
import { useIdempotencyKey } from '../hooks/use-idempotency-key.ts';
import styles from './group-funds.module.css';

export type TransferDirection = 'in' | 'out';

interface Props {
  group: { id: number; name: string };
  direction: TransferDirection;
  onClose: () => void;
}

/**
 * 课题组转账: the owner moves money from their prestore balance into the group (转入课题组), or what the group holds
 * back into their prestore (转回预存). Both balances are in view; the amount may not pass the side it leaves (the
 * server checks it again under the lock, ADR 0050). One idempotency key per submission.
 */
export function GroupTransferDialog({ group, direction: initial, onClose }: Props) {
  const [direction, setDirection] = useState<TransferDirection>(initial);
  const [form] = Form.useForm<{ amount: number | null }>();
  const info = usePrestoreInfo();
  const funds = useGroupFunds(group.id);
  const transfer = useGroupTransfer();
  const key = useIdempotencyKey();
  const prestoreFen = info.data?.balanceFen ?? 0;
  const groupFen = funds.data?.balanceFen ?? 0;
  const from = direction === 'in' ? prestoreFen : groupFen;
  const submit = async () => {
    const { amount } = await form.validateFields();
    const amountFen = yuanToFen(amount) ?? 0;
    const body = { clusterId: group.id, direction, amountFen, idempotencyKey: '' };
    transfer.mutate(
      { ...body, idempotencyKey: key.keyFor(body) },
      {
        onSuccess: (r) => {
          key.done();
          notify.success(
            direction === 'in'
              ? `已转入课题组，课题组余额 ${formatFen(r.groupBalanceFen)}`
              : `已转回预存余额，预存余额 ${formatFen(r.balanceFen)}`,
          );
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={`课题组「${group.name}」转账`}
      okText={direction === 'in' ? '转入课题组' : '转回预存'}
      cancelText="取消"
      okButtonProps={{ loading: transfer.isPending, disabled: from <= 0 }}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      destroyOnHidden
    >
      <Radio.Group
        value={direction}
        onChange={(e) => setDirection(e.target.value as TransferDirection)}
        optionType="button"
        aria-label="转账方向"
        options={[
          { value: 'in', label: '预存余额 → 课题组' },
          { value: 'out', label: '课题组 → 预存余额' },
        ]}
      />
      <dl className={styles.transferFacts} data-testid="group-transfer-facts">
        <div>
          <dt>我的预存余额</dt>
          <dd>{formatFen(prestoreFen)}</dd>
        </div>
        <div>
          <dt>课题组余额</dt>
          <dd>{formatFen(groupFen)}</dd>
        </div>
      </dl>
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="amount"
          label="转账金额"
          extra={from > 0 ? `最多可转 ${formatFen(from)}` : direction === 'in' ? '预存余额为 ¥0.00，请先充值' : '课题组余额为 ¥0.00'}
          rules={[
            { required: true, message: '[转账金额]不能为空' },
            {
              validator: (_: unknown, v: number | null | undefined) => {
                const fen = yuanToFen(v);
                if (fen === null) return Promise.resolve();
                if (fen <= 0) return Promise.reject(new Error('[转账金额]必须大于0'));
                if (fen > from) return Promise.reject(new Error(direction === 'in' ? '预存余额不足，请先充值' : '课题组余额不足'));
                return Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} aria-label="转账金额" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
