import { Form, Input, Modal, Select } from 'antd';
import type { z } from 'zod';
import { call } from '@yance/browser/api-client';
import { typeEditBody, type typeAdmin } from '@yance/contracts/catalog-admin';
import { ImageUpload } from '@/components/image-upload.tsx';
import { useChange } from '@/lib/use-change.ts';
import { fieldOf, parseForm } from '@/lib/zod-form.ts';

export type TypeRow = z.infer<typeof typeAdmin>;

/** 编辑项目类型: name, picture, discount label and the tags the storefront shows (stored joined with "|"). */
export function TypeEditModal({ type, onClose }: { type: TypeRow | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const save = useChange((body: z.input<typeof typeEditBody>) => call('catalogTypeEdit', { body }), {
    done: '已保存，店铺 10 秒内显示修改',
    refresh: ['catalogTypeList'],
    onDone: onClose,
  });
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown> & { tags?: string[] };
    const { tags, ...rest } = values;
    const body = parseForm(form, typeEditBody, { ...rest, id: type!.id, description: (tags ?? []).join('|') });
    if (body) save.mutate(body);
  };
  return (
    <Modal
      title={`编辑项目类型：${type?.name ?? ''}`}
      open={type !== null}
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={type ? { name: type.name, img: type.img, tags: type.tags } : {}}>
        <Form.Item label="名称" {...fieldOf(typeEditBody, 'name')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item label="图片" {...fieldOf(typeEditBody, 'img')}>
          <ImageUpload hint="首页类型入口显示" />
        </Form.Item>
        <Form.Item label="优惠标签" extra="由「优惠活动」中适用于本类型的规则生成，在那里修改（标签与价格同时生效）">
          <span data-testid="type-discount-label">{type?.discount_label || '无'}</span>
        </Form.Item>
        <Form.Item
          label="标签"
          name="tags"
          extra="输入后回车；保存为以“|”分隔的文字，共 200 字以内"
          rules={[
            {
              validator: async (_r, tags: string[] | undefined) => {
                const r = typeEditBody.shape.description.safeParse((tags ?? []).join('|'));
                if (!r.success) throw new Error(r.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Select mode="tags" suffixIcon={null} tokenSeparators={['|', '｜']} placeholder="如 快速出结果、专业解读" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
