import { Form, Input, Modal, Select } from 'antd';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { STAFF_ROLE_NAMES, STAFF_ROLES, staffAddBody, staffEditBody, type staffSummary } from '@yance/contracts/staff';
import { useChange } from '@/lib/use-change.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';

export type StaffRow = z.infer<typeof staffSummary>;
const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_NAMES[r] }));

/** 新增员工 (editing = null) or 编辑 one: the fields are checked with the server's own contracts (staffAddBody, staffEditBody). */
export function StaffFormModal({ editing, open, onClose }: { editing: StaffRow | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  // Name, phone, e-mail and roles are the same fields in both contracts; the whole body is checked with the one that applies.
  const schema: z.ZodType = editing ? staffEditBody : staffAddBody;
  const save = useChange(
    (values: Record<string, unknown>, idempotencyKey) =>
      editing
        ? call('staffEdit', { body: values as z.input<typeof staffEditBody> })
        : call('staffAdd', { body: { ...(values as z.input<typeof staffAddBody>), idempotencyKey } }),
    { done: editing ? '已保存' : '已新增', refresh: ['staffList', 'auditList'], onDone: onClose },
  );

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, schema, editing ? { ...values, id: editing.id } : values);
    if (body) save.mutate(body as Record<string, unknown>);
  };

  return (
    <Modal
      title={editing ? `编辑员工 ${editing.account}` : '新增员工'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={editing ? '保存' : '新增'}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={editing ?? { phone: '', email: '', roles: [] }}
        onValuesChange={() => save.reset()}
      >
        {!editing && (
          <Form.Item label="账号" {...fieldOf(staffAddBody, 'account')} extra="登录用，3–32位，以字母开头，创建后不能修改">
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item label="姓名" {...fieldOf(staffAddBody, 'name')}>
          <Input />
        </Form.Item>
        <Form.Item label="手机号" {...fieldOf(staffAddBody, 'phone')}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item label="邮箱" {...fieldOf(staffAddBody, 'email')}>
          <Input inputMode="email" />
        </Form.Item>
        <Form.Item label="角色" {...fieldOf(staffAddBody, 'roles')}>
          <Select mode="multiple" options={ROLE_OPTIONS} placeholder="选择一个或多个角色" />
        </Form.Item>
        {!editing && (
          <Form.Item label="初始密码" {...fieldOf(staffAddBody, 'password')} extra="请通过安全渠道告知本人">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
