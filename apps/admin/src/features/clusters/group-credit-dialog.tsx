import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { groupCreditBody } from '@yance/contracts/prestore';
import { useIdempotencyKey } from '@/lib/idempotency-key.ts';
import { yuanToFen } from '@/lib/money.ts';
import { useChange } from '@/lib/use-change.ts';

interface Values {
  amount?: number;
  bankRef?: string;
  note?: string;
}

/** A field's rule from the contract's own schema: the console says what the server would. */
const rule = (key: 'amountFen' | 'bankRef' | 'note', map: (v: unknown) => unknown = (v) => v ?? '') => ({
  validator: async (_r: unknown, v: unknown) => {
    const r = groupCreditBody.shape[key].safeParse(map(v));
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/**
 * 课题组入账 (cluster.credit): a bank transfer received for a research group goes straight to the group's balance, with
 * the bank's reference. Mounted per opening: one idempotency key, sent again on a retry, so it credits once.
 */
export function GroupCreditDialog({ group, onClose }: { group: { id: number; name: string; balanceFen: number }; onClose: () => void }) {
  const idempotencyKey = useIdempotencyKey();
  const [form] = Form.useForm<Values>();
  const credit = useChange(
    (body: { clusterId: number; amountFen: number; bankRef: string; note: string; idempotencyKey: string }) =>
      call('adminClusterCredit', { body }),
    {
      done: '已入账',
      refresh: ['adminClusterDetail', 'adminLedgerReconcile', 'auditList'],
      onDone: onClose,
    },
  );
  const submit = async () => {
    const v = await form.validateFields();
    credit.mutate({
      clusterId: group.id,
      amountFen: yuanToFen(v.amount) as number,
      bankRef: (v.bankRef ?? '').trim(),
      note: (v.note ?? '').trim(),
      idempotencyKey,
    });
  };
  return (
    <Modal
      title={`课题组入账 · ${group.name}`}
      open
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText="确认入账"
      cancelText="返回"
      confirmLoading={credit.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`请核对银行到账记录。确认后金额立即计入课题组余额（当前 ${formatFen(group.balanceFen)}），不能撤销；成员在各自额度内从中结算。`}
      />
      {credit.error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={credit.error.message} />}
      <Form form={form} layout="vertical" preserve={false} onValuesChange={() => credit.reset()}>
        <Form.Item name="amount" label="入账金额（元）" required rules={[rule('amountFen', yuanToFen)]}>
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="bankRef" label="银行流水号" required rules={[rule('bankRef')]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="note" label="备注" rules={[rule('note')]}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
