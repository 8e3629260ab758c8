import { Form, Input, Modal } from 'antd';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { partnerAddBody, type partnerAdmin } from '@yance/contracts/content-admin';
import { ImageUpload } from '@/components/image-upload.tsx';
import { useChange } from '@/lib/use-change.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';

export type PartnerRow = z.infer<typeof partnerAdmin>;

/** 新增合作机构 (editing = null) or 编辑 one; a new partner goes last. */
export function PartnerFormModal({
  editing,
  open,
  nextSort,
  onClose,
}: {
  editing: PartnerRow | null;
  open: boolean;
  nextSort: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const save = useChange(
    (body: z.output<typeof partnerAddBody>, idempotencyKey) =>
      editing ? call('partnerEdit', { body: { ...body, id: editing.id } }) : call('partnerAdd', { body: { ...body, idempotencyKey } }),
    { done: editing ? '已保存' : '已新增', refresh: ['partnerList', 'auditList'], onDone: onClose },
  );
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseForm(form, partnerAddBody, { ...values, sort: editing?.sort ?? nextSort });
    if (body) save.mutate(body);
  };
  return (
    <Modal
      title={editing ? `编辑合作机构 ${editing.name}` : '新增合作机构'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={editing ? '保存' : '新增'}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? { img: '', url: '' }}>
        <Form.Item label="名称" {...fieldOf(partnerAddBody, 'name')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label="标志" {...fieldOf(partnerAddBody, 'img')}>
          <ImageUpload hint="首页“合作机构”栏，建议 240×80 像素，透明背景的 PNG" />
        </Form.Item>
        <Form.Item label="链接" {...fieldOf(partnerAddBody, 'url')} extra="选填；点击标志打开的网址">
          <Input placeholder="https://…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
