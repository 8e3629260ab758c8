import { Form, Input, InputNumber, Modal } from 'antd';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { prefectureAddBody, prefectureEditBody, type prefectureAdmin } from '@yance/contracts/catalog-admin';
import { ImageUpload } from '@/components/image-upload.tsx';
import { useChange } from '@/lib/use-change.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';

export type HotAreaRow = z.infer<typeof prefectureAdmin>;

/** 新增专区 (editing = null) or 编辑 one: name, picture, sketch, sort value. */
export function HotAreaModal({ open, editing, onClose }: { open: boolean; editing: HotAreaRow | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const save = useChange(
    (values: Record<string, unknown>, idempotencyKey) =>
      editing
        ? call('catalogPrefectureEdit', { body: values as z.input<typeof prefectureEditBody> })
        : call('catalogPrefectureAdd', { body: { ...(values as z.input<typeof prefectureAddBody>), idempotencyKey } }),
    { done: editing ? '已保存' : '已新增', refresh: ['catalogPrefectureList'], onDone: onClose },
  );
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = editing ? parseForm(form, prefectureEditBody, { ...values, id: editing.id }) : parseForm(form, prefectureAddBody, values);
    if (body) save.mutate(body);
  };
  return (
    <Modal
      title={editing ? `编辑专区：${editing.name}` : '新增专区'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={editing ? '保存' : '新增'}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? { sort: 0 }}>
        <Form.Item label="专区名称" {...fieldOf(prefectureAddBody, 'name')}>
          <Input maxLength={30} placeholder="如 新能源材料" />
        </Form.Item>
        <Form.Item label="图片" {...fieldOf(prefectureAddBody, 'img')}>
          <ImageUpload hint="首页专区卡片显示" />
        </Form.Item>
        <Form.Item label="简介" {...fieldOf(prefectureAddBody, 'sketch')}>
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item label="排序" {...fieldOf(prefectureAddBody, 'sort')} extra="小的在前；也可在列表中上移、下移">
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
