import { Alert, Form, Input, Modal } from 'antd';
import { call } from '@yance/browser/api-client';
import { ATTESTATION_REJECT_EFFECT } from '@yance/contracts/attestation-states';
import { attestationReviewBody } from '@yance/contracts/customer';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import { useCustomerChange } from './use-customer-change.ts';

/** 驳回: the reason is required and shown to the customer, who can then correct the form and submit it again. */
export function RejectModal({ customerId, open, onClose }: { customerId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const reject = useCustomerChange(
    (body: { id: number; approve: false; reason: string }) => call('customerReview', { body }),
    '已驳回，客户会看到驳回原因',
    onClose,
  );
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, attestationReviewBody, { ...values, id: customerId, approve: false });
    if (body) reject.mutate({ id: body.id, approve: false, reason: body.reason });
  };
  return (
    <Modal
      title="驳回认证资料"
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText="驳回"
      okButtonProps={{ danger: true }}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={ATTESTATION_REJECT_EFFECT} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="驳回原因" {...fieldOf(attestationReviewBody, 'reason')} required>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：单位名称与营业执照不一致" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
