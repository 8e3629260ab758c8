import { Alert, Form, Input, Modal } from 'antd';
import { call } from '@yance/browser/api-client';
import { staffPasswordBody } from '@yance/contracts/staff';
import { useChange } from '@/lib/use-change.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import type { StaffRow } from './staff-form-modal.tsx';

/** 重置密码: the confirm dialog asks for the new password; the staff member's sessions end at once. */
export function ResetPasswordModal({ staff, onClose }: { staff: StaffRow | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const reset = useChange((body: { id: number; password: string }) => call('staffResetPassword', { body }), {
    done: '密码已重置',
    refresh: [],
    onDone: onClose,
  });
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, staffPasswordBody, { ...values, id: staff!.id });
    if (body) reset.mutate(body);
  };
  return (
    <Modal
      title={`重置 ${staff?.name || staff?.account || ''} 的密码`}
      open={staff !== null}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText="重置密码"
      okButtonProps={{ danger: true }}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title="重置后，该员工的所有登录立即失效，需用新密码重新登录。" style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="新密码" {...fieldOf(staffPasswordBody, 'password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
