import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { formatFen } from '@yance/browser/format';
import { FEN_MAX } from '@yance/contracts/money';
import { orderMarkPaidBody, orderMoveBody, orderQuoteBody, type AdminOrderDetail, type OrderLine } from '@yance/contracts/order';
import { nextOrderState, ORDER_TRANSITIONS, type OrderTransition } from '@yance/contracts/order-states';
import { fenToYuan, yuanToFen } from '@/lib/money.ts';
import { OrderStateTag } from './order-labels.tsx';
import { useOrderMove, type StaffAction } from './use-order-move.ts';

/** The note's name in the dialog: a cancellation asks for its reason. */
const noteLabel = (action: StaffAction) => (action === 'cancel' ? '取消原因' : '备注');

/** The transition as the table declares it (the table's entries are literal types, some without a note). */
const transition = (action: StaffAction): OrderTransition => ORDER_TRANSITIONS[action];

/** Checks the note: the contract's length rule, and not empty where the transition requires one. */
function noteRule(action: StaffAction) {
  const required = transition(action).note === 'required';
  return {
    required,
    validator: async (_rule: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (required && !text) throw new Error(`[${noteLabel(action)}]不能为空`);
      const result = orderMoveBody.shape.note.safeParse(text);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/** Checks one quoted amount, typed in yuan, with the contract's fen rule. */
const amountRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const result = orderQuoteBody.shape.lines.element.shape.amount_fen.safeParse(yuanToFen(value));
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
};

/** Checks 确认收款's bank fields with the contract's rules (the amount typed in yuan). */
const receivedRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const result = orderMarkPaidBody.shape.receivedFen.safeParse(yuanToFen(value));
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
};
const bankRefRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const result = orderMarkPaidBody.shape.bankRef.safeParse(typeof value === 'string' ? value.trim() : '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
};

/** 确认收款: the amount the bank credited and its reference, both from the bank's slip; what is due is the order's figure (issue 21), which the server checks it against. */
function TransferFields({ order }: { order: AdminOrderDetail }) {
  return (
    <>
      <Form.Item
        name="received"
        label="到账金额"
        required
        rules={[receivedRule]}
        extra={`按银行回单填写；本订单应付 ${formatFen(order.figures.dueFen)}，金额不符时不能确认`}
      >
        <InputNumber min={0} max={FEN_MAX / 100} precision={2} prefix="¥" style={{ width: '100%' }} aria-label="到账金额" />
      </Form.Item>
      <Form.Item name="bankRef" label="银行流水号" required rules={[bankRefRule]}>
        <Input maxLength={60} placeholder="银行回单上的流水号" aria-label="银行流水号" />
      </Form.Item>
    </>
  );
}

const choicesText = (l: OrderLine) =>
  Object.entries(l.choices)
    .map(([k, v]) => `${k}：${v}`)
    .join('，');

/** One line to price: what it is, and its amount in yuan. */
function QuoteLine({ line }: { line: OrderLine }) {
  return (
    <Form.Item
      name={['amounts', String(line.id)]}
      label={
        <span>
          {line.name} × {line.count}
          {choicesText(line) && <Typography.Text type="secondary">（{choicesText(line)}）</Typography.Text>}
        </span>
      }
      required
      rules={[amountRule]}
      extra={line.amount_fen === null ? '待报价：请填写这一项的金额' : `原金额 ${formatFen(line.amount_fen)}，可修改`}
    >
      <InputNumber
        min={0}
        max={FEN_MAX / 100}
        precision={2}
        prefix="¥"

        style={{ width: '100%' }}
        aria-label={`${line.name} 金额`}
      />
    </Form.Item>
  );
}

/**
 * The confirm dialog of one action: where the order goes, a note where the
 * transition asks for one (refused empty when required), and for 报价 the
 * amount of every line. Sends the state shown as `expect`: a stale page gets 409.
 */
export function OrderMoveModal({ order, action, onClose }: { order: AdminOrderDetail; action: StaffAction; onClose: () => void }) {
  const [form] = Form.useForm();
  const move = useOrderMove(order.id, action, onClose);
  // The state the operator saw when they opened the dialog: a reload meanwhile must not change what they confirm.
  const [seen] = useState(order.state);
  const t = transition(action);
  const quoting = action === 'quote';
  const priced = quoting || order.lines.every((l) => l.amount_fen !== null);
  const to = nextOrderState(action, { kind: order.kind, delivery: order.delivery as 0 | 1 | null, priced });
  const initialValues = {
    note: '',
    amounts: Object.fromEntries(order.lines.map((l) => [String(l.id), l.amount_fen === null ? null : fenToYuan(l.amount_fen)])),
  };

  const submit = async () => {
    const values = (await form.validateFields()) as {
      note?: string;
      amounts?: Record<string, unknown>;
      received?: unknown;
      bankRef?: string;
    };
    const base = { id: order.id, expect: seen, note: values.note?.trim() ?? '' };
    if (action === 'markPaid')
      return move.mutate(
        orderMarkPaidBody.parse({ ...base, receivedFen: yuanToFen(values.received), bankRef: values.bankRef?.trim() ?? '' }),
      );
    if (!quoting) return move.mutate(orderMoveBody.parse(base));
    const lines = order.lines.map((l) => ({ lineId: l.id, amount_fen: yuanToFen(values.amounts?.[String(l.id)]) }));
    move.mutate(orderQuoteBody.parse({ ...base, lines }));
  };

  return (
    <Modal
      title={`${t.label} · ${order.no}`}
      open
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={t.label}
      okButtonProps={{ danger: action === 'cancel' }}
      cancelText="返回"
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <Space wrap style={{ marginBottom: 16 }} data-testid="move-states">
        订单状态：
        <OrderStateTag state={seen} />→<OrderStateTag state={to} />
      </Space>
      {action === 'cancel' && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="取消后订单不能恢复，取消原因会显示给客户。" />
      )}
      {move.error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={move.error.message} data-testid="move-error" />}
      <Form form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        {quoting && order.lines.map((l) => <QuoteLine key={l.id} line={l} />)}
        {action === 'markPaid' && <TransferFields order={order} />}
        {t.note && (
          <Form.Item name="note" label={noteLabel(action)} required={t.note === 'required'} rules={[noteRule(action)]}>
            <Input.TextArea
              rows={3}
              maxLength={500}
              showCount
              placeholder={t.note === 'required' ? `请填写${noteLabel(action)}` : '选填，客户在订单进度中可见'}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
