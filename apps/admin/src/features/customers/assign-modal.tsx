import { Form, Modal, Select, Typography } from 'antd';
import { call } from '@yance/browser/api-client';
import { customerAssignBody, type CustomerDetail } from '@yance/contracts/customer';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';
import { useCustomerChange } from './use-customer-change.ts';
import { useManagers } from './use-managers.ts';

/** 更换客户经理: any other active manager; the customer sees the new one on their page at once. */
export function AssignModal({ customer, open, onClose }: { customer: CustomerDetail; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const managers = useManagers(open);
  const assign = useCustomerChange(
    (body: { customerId: number; managerId: number }) => call('customerAssign', { body }),
    '已更换客户经理',
    onClose,
  );
  const options = (managers.data ?? [])
    .filter((m) => !m.disabled && m.id !== customer.managerId)
    .map((m) => ({ value: m.id, label: m.name === m.account ? m.name : `${m.name}（${m.account}）` }));
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, customerAssignBody, { ...values, customerId: customer.id });
    if (body) assign.mutate(body);
  };
  return (
    <Modal
      title="更换客户经理"
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText="更换"
      confirmLoading={assign.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        当前客户经理：{customer.manager?.name ?? '未分配'}。更换后，客户在会员中心看到的专属客户经理随之更新。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label="新的客户经理" {...fieldOf(customerAssignBody, 'managerId')}>
          <Select
            placeholder="选择客户经理"
            showSearch={{ optionFilterProp: 'label' }}
            loading={managers.isPending}
            options={options}
            notFoundContent={managers.isPending ? '加载中…' : '没有其他在职的客户经理'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
