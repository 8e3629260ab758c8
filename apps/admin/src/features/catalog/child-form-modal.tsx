import { Form, Input, InputNumber, Modal } from 'antd';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { childAddBody, childEditBody, type childAdmin } from '@yance/contracts/catalog-admin';
import { useChange } from '@/lib/use-change.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';

export type ChildRow = z.infer<typeof childAdmin>;

/** 新增分类 (under typeId) or 编辑 one: name and sort value. */
export function ChildFormModal({
  open,
  typeId,
  editing,
  onClose,
}: {
  open: boolean;
  typeId: number;
  editing: ChildRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const save = useChange(
    (values: Record<string, unknown>, idempotencyKey) =>
      editing
        ? call('catalogChildEdit', { body: values as z.input<typeof childEditBody> })
        : call('catalogChildAdd', { body: { ...(values as z.input<typeof childAddBody>), idempotencyKey } }),
    { done: editing ? '已保存' : '已新增', refresh: ['catalogChildList'], onDone: onClose },
  );
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = editing
      ? parseForm(form, childEditBody, { ...values, id: editing.id })
      : parseForm(form, childAddBody, { ...values, typeId });
    if (body) save.mutate(body);
  };
  return (
    <Modal
      title={editing ? `编辑分类：${editing.name}` : '新增分类'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={editing ? '保存' : '新增'}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? { sort: 0 }}>
        <Form.Item label="分类名称" {...fieldOf(childAddBody, 'name')}>
          <Input maxLength={20} placeholder="如 结构分析" />
        </Form.Item>
        <Form.Item label="排序" {...fieldOf(childAddBody, 'sort')} extra="小的在前；也可在列表中上移、下移">
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
