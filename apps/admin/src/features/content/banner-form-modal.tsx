import { Form, Input, Modal, Switch } from 'antd';
import { call } from '@yance/browser/api-client';
import { bannerAddBody, type BannerAdmin } from '@yance/contracts/content-admin';
import type { z } from 'zod';
import { ImageUpload } from '@/components/image-upload.tsx';
import { useChange } from '@/lib/use-change.ts';
import { fieldOf } from '@/lib/zod-form.ts';
import { parseWindowed, windowOf, WindowPicker } from './active-window.tsx';

type BannerBody = z.output<typeof bannerAddBody>;

/** 新增轮播图 (editing = null) or 编辑 one; checked with the server's contracts. A new banner goes last. */
export function BannerFormModal({
  editing,
  open,
  nextSort,
  onClose,
}: {
  editing: BannerAdmin | null;
  open: boolean;
  nextSort: number;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const save = useChange(
    (body: BannerBody, idempotencyKey) =>
      editing ? call('bannerEdit', { body: { ...body, id: editing.id } }) : call('bannerAdd', { body: { ...body, idempotencyKey } }),
    {
      done: editing ? '已保存' : '已新增',
      refresh: ['bannerList', 'auditList'],
      onDone: onClose,
    },
  );
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body = parseWindowed(form, bannerAddBody, { ...values, sort: editing?.sort ?? nextSort });
    if (body) save.mutate(body);
  };

  return (
    <Modal
      title={editing ? `编辑轮播图 ${editing.title}` : '新增轮播图'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={editing ? '保存' : '新增'}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={editing ? { ...editing, window: windowOf(editing) } : { img: '', description: '', enabled: true, window: null }}
      >
        <Form.Item label="图片" {...fieldOf(bannerAddBody, 'img')}>
          <ImageUpload hint="首页轮播，建议 1920×520 像素" />
        </Form.Item>
        <Form.Item label="标题" {...fieldOf(bannerAddBody, 'title')}>
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item label="描述" {...fieldOf(bannerAddBody, 'description')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item label="跳转" {...fieldOf(bannerAddBody, 'redirect')} extra="项目编号（如 d10001，打开该项目）或 https:// 开头的链接">
          <Input placeholder="d10001 或 https://…" />
        </Form.Item>
        <Form.Item label="展示期" name="window" extra="留空表示不限；不在展示期内的轮播图不在首页显示">
          <WindowPicker />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
