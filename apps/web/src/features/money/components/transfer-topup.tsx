import { PRESTORE_BONUS_NOTE } from '@yance/contracts/ledger';
import type { PrestoreInfo } from '@yance/contracts/prestore';
import { notify } from '@yance/browser/notify';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { yuanToFen } from '@yance/browser/format';
import { uploadReceipt, useAddTopup } from '../api/topups.ts';
import { useIdempotencyKey } from '../hooks/use-idempotency-key.ts';
import { AmountField, amountRules } from './amount-field.tsx';
import styles from './money.module.css';

const RECEIPT_ACCEPT = '.pdf,image/jpeg,image/png,image/webp';

interface TransferValues {
  amount: number | null;
  payer: string;
  wantInvoice: boolean;
}

/** The receipt as uploaded: antd's one-file list, and the private file's id once it is up. */
type Receipt = { file: UploadFile; id: string | null } | null;

/**
 * 对公转账: the shop's account to transfer to (each line copyable), then the
 * amount, the paying account's name and the bank's receipt. Finance confirms
 * it within one working day; the bonus is credited with it.
 */
export function TransferTopup({ info }: { info: PrestoreInfo }) {
  const [form] = Form.useForm<TransferValues>();
  const add = useAddTopup();
  const keys = useIdempotencyKey();
  const [receipt, setReceipt] = useState<Receipt>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);

  const pickReceipt = async (file: File) => {
    const shown: UploadFile = { uid: `${Date.now()}`, name: file.name, status: 'uploading' };
    setReceipt({ file: shown, id: null });
    setReceiptError(null);
    try {
      const up = await uploadReceipt(file);
      setReceipt({ file: { ...shown, status: 'done' }, id: up.id });
    } catch {
      setReceipt({ file: { ...shown, status: 'error' }, id: null });
    }
  };

  /** The receipt is outside the form's fields: checked with them, its message under the upload. */
  const receiptMissing = () => {
    if (receipt?.id) return false;
    setReceiptError(receipt?.file.status === 'uploading' ? '转账凭证正在上传，请稍候' : '[转账凭证]不能为空');
    return true;
  };

  const submit = async (v: TransferValues) => {
    if (receiptMissing() || !receipt?.id) return;
    const body = {
      method: 'transfer' as const,
      amountFen: yuanToFen(v.amount) ?? 0,
      payer: v.payer.trim(),
      receiptId: receipt.id,
      wantInvoice: v.wantInvoice,
    };
    const res = await add.mutateAsync({ ...body, idempotencyKey: keys.keyFor(body) }).catch(() => null);
    if (!res) return;
    keys.done();
    notify.success('转账信息已提交，财务将在一个工作日内确认到账');
    form.resetFields();
    setReceipt(null);
  };

  return (
    <div className={styles.form}>
      <Descriptions
        column={1}
        size="small"
        bordered
        className={styles.bank}
        title="收款账户"
        aria-label="收款账户"
        styles={{ label: { whiteSpace: 'nowrap', width: 96 } }}
      >
        <Descriptions.Item label="户名">
          <Typography.Text className={styles.bankValue} copyable={{ tooltips: ['复制户名', '已复制'] }}>
            {info.bank.company}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="开户银行">
          <Typography.Text className={styles.bankValue} copyable={{ tooltips: ['复制开户银行', '已复制'] }}>
            {info.bank.bankName}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="银行账号">
          <Typography.Text
            className={styles.bankValue}
            copyable={{ text: info.bank.bankAccount.replace(/\s+/g, ''), tooltips: ['复制账号', '已复制'] }}
          >
            {info.bank.bankAccount}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="请先通过网银或柜台向上述账户转账，再提交转账信息和银行回单。财务将在一个工作日内确认到账，到账后按档位赠送。"
      />
      <Form
        form={form}
        name="transfer-topup"
        layout="vertical"
        initialValues={{ amount: null, payer: '', wantInvoice: false }}
        onFinish={(v) => void submit(v)}
        onFinishFailed={receiptMissing}
      >
        <Form.Item name="amount" label="转账金额" rules={amountRules(info, '转账金额')}>
          <AmountField info={info} picks={false} />
        </Form.Item>
        <Form.Item
          name="payer"
          label="付款户名"
          rules={[{ required: true, whitespace: true, message: '[付款户名]不能为空' }]}
          extra="转账时付款账户的名称，如单位全称"
        >
          <Input maxLength={60} placeholder="付款账户名称" />
        </Form.Item>
        <Form.Item
          label="转账凭证"
          required
          validateStatus={receiptError ? 'error' : undefined}
          help={receiptError ?? '银行回单的照片或 PDF，不超过 10 MB'}
        >
          <Upload
            accept={RECEIPT_ACCEPT}
            maxCount={1}
            fileList={receipt ? [receipt.file] : []}
            beforeUpload={(file) => {
              void pickReceipt(file);
              return false;
            }}
            onRemove={() => setReceipt(null)}
          >
            <Button>{receipt ? '重新选择' : '上传回单'}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="wantInvoice" valuePropName="checked" extra={`开票金额为实际转账金额。${PRESTORE_BONUS_NOTE}`}>
          <Checkbox>同时申请开票</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={add.isPending}>
          提交转账信息
        </Button>
      </Form>
    </div>
  );
}
