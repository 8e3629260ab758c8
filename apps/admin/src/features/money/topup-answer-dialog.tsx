import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { TOPUP_TRANSITIONS } from '@yance/contracts/ledger';
import { adminTopupMoveBody, type AdminTopup } from '@yance/contracts/topup';
import { text } from '@yance/contracts/text';
import { useIdempotencyKey } from '@/lib/idempotency-key.ts';
import { useChange } from '@/lib/use-change.ts';

export type TopupAnswer = 'confirm' | 'reject';

/** The server's wording (payment.service): a rejection names its reason, as the transition table requires. */
const reason = text('驳回原因', { max: 200, required: true });
const NOTE_RULES = {
  confirm: adminTopupMoveBody.shape.note,
  reject: reason,
} as const;

/** What a top-up's answer shows up in: the room, the reconciliation, the customer's statement and the history. */
const MONEY_VIEWS = ['adminTopupList', 'adminLedgerReconcile', 'adminLedgerStatement', 'auditList'] as const;

/**
 * 确认到账 (optional note) or 驳回 (reason required) of one bank transfer.
 * Mounted per opening: its idempotency key is made once and sent again on a
 * retry, so a confirm whose answer was lost on the way credits once.
 */
export function TopupAnswerDialog(props: { topup: AdminTopup; action: TopupAnswer; onClose: () => void; onDone: () => void }) {
  const { topup, action, onClose, onDone } = props;
  const idempotencyKey = useIdempotencyKey();
  const queries = useQueryClient();
  const [form] = Form.useForm<{ note?: string }>();
  const t = TOPUP_TRANSITIONS[action];
  const answer = useChange(
    (body: { id: number; note: string; idempotencyKey: string }) =>
      // Quiet: a refusal is said once, in the dialog (answer-error), not in a toast as well.
      call(action === 'confirm' ? 'adminTopupConfirm' : 'adminTopupReject', { body }, { feedback: false }),
    { done: action === 'confirm' ? '已确认到账' : '已驳回', refresh: MONEY_VIEWS, onDone },
  );
  const submit = async () => {
    const { note } = await form.validateFields();
    answer.mutate(
      { id: topup.id, note: NOTE_RULES[action].parse(note ?? ''), idempotencyKey },
      // Refused (say another member answered it first): the list shows the top-up as it now is.
      { onError: () => void queries.invalidateQueries({ queryKey: ['adminTopupList'] }) },
    );
  };
  const label = action === 'confirm' ? '备注' : '驳回原因';
  return (
    <Modal
      title={`${t.label} · ${topup.no}`}
      open
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={t.label}
      okButtonProps={{ danger: action === 'reject' }}
      cancelText="返回"
      confirmLoading={answer.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="客户">{topup.customer}</Descriptions.Item>
        <Descriptions.Item label="付款户名">{topup.payer || '—'}</Descriptions.Item>
        <Descriptions.Item label="充值金额">{formatFen(topup.amountFen)}</Descriptions.Item>
        {topup.bonusFen > 0 && <Descriptions.Item label="赠送金额">{formatFen(topup.bonusFen)}</Descriptions.Item>}
      </Descriptions>
      <Alert
        type={action === 'confirm' ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          action === 'confirm'
            ? `请核对银行到账记录。确认后 ${formatFen(topup.amountFen + topup.bonusFen)}${topup.bonusFen ? '（含赠送）' : ' '}立即计入客户的预存余额，不能撤销。`
            : '驳回后这笔充值不会入账，客户会看到驳回原因。'
        }
      />
      {answer.error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={answer.error.message} data-testid="answer-error" />}
      <Form form={form} layout="vertical" preserve={false} onValuesChange={() => answer.reset()}>
        <Form.Item
          name="note"
          label={label}
          required={action === 'reject'}
          rules={[
            {
              validator: async (_rule: unknown, value: unknown) => {
                const result = NOTE_RULES[action].safeParse(value ?? '');
                if (!result.success) throw new Error(result.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={action === 'confirm' ? '选填，如：已核对工行回单' : '请写明驳回原因，如：未查到该笔到账'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
