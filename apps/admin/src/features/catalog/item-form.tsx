import { lazy, Suspense } from 'react';
import { Card, Col, Form, Input, InputNumber, Row, Select, Skeleton, Switch, type FormInstance, type FormItemProps } from 'antd';
import { deviceInput } from '@yance/contracts/catalog-admin';
import { FEN_MAX, PRICE_UNITS } from '@yance/contracts/money';
import { ImageUpload } from '@/components/image-upload.tsx';
import { fieldOf } from '@/lib/zod-form.ts';
import { yuanToFen } from '@/lib/money.ts';
import { PriceOptionsEditor } from './price-options-editor.tsx';
import { useCategoryOptions } from './use-taxonomy.ts';
import type { ItemValues } from './item-values.ts';

// tiptap is the console's largest dependency: its chunk loads only here.
const RichTextEditor = lazy(() => import('@/components/rich-text-editor.tsx'));

const UNIT_OPTIONS = Object.entries(PRICE_UNITS).map(([value, word]) => ({ value, label: `每${word}` }));
const f = (name: keyof typeof deviceInput.shape & string) => fieldOf(deviceInput, name);

/** A field the form holds otherwise than the contract (yuan, or empty for null), checked by the contract's own schema. */
function checked(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  convert: (v: unknown) => unknown,
  required = false,
): Pick<FormItemProps, 'rules' | 'required'> {
  return {
    required,
    rules: [
      {
        validator: async (_rule: unknown, value: unknown) => {
          const result = schema.safeParse(convert(value));
          if (!result.success) throw new Error(result.error?.issues[0]?.message);
        },
      },
    ],
  };
}
const orNull = (v: unknown) => v ?? null;

/**
 * The lazily loaded editor as one form control: Form.Item hands value and
 * onChange to its direct child, so they must pass through the Suspense.
 */
function RichField(props: { value?: string; onChange?: (html: string) => void; label: string; placeholder: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** Every field of an item, in the order an operator fills them in. */
export function ItemForm({ form, initial, onChange }: { form: FormInstance; initial: ItemValues; onChange: () => void }) {
  const categories = useCategoryOptions();
  return (
    <Form form={form} layout="vertical" initialValues={initial} onValuesChange={onChange} scrollToFirstError>
      <Card title="基本信息" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="名称" {...f('name')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="项目编号" {...f('rid')} extra="店铺详情页地址 /detail/编号；字母、数字、- 或 _">
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="类型与分类" {...f('childId')}>
              <Select
                options={categories.options}
                loading={categories.loading}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="选择分类"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="别名" {...f('alias')} extra="输入后回车；顾客搜索别名也能找到，如 XRD">
              <Select mode="tags" suffixIcon={null} tokenSeparators={[',', '，', '、']} placeholder="如 XRD、X射线衍射" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="图片" {...f('img')}>
              <ImageUpload hint="卡片与详情页显示，建议 4:3 横图" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="仪器" {...f('instrument')}>
              <Input maxLength={100} placeholder="如 Bruker D8 Advance" />
            </Form.Item>
            <Form.Item label="简介" {...f('sketch')}>
              <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="价格与周期" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item label="单价（元）" name="priceYuan" {...checked(deviceInput.shape.priceFen, yuanToFen, true)}>
              <InputNumber min={0} max={FEN_MAX / 100} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="单位" {...f('unit')}>
              <Select options={UNIT_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="周期（工作日）" {...f('turnaroundDays')}>
              <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="日检测量" name="dailyCapacity" {...checked(deviceInput.shape.dailyCapacity, orNull)} extra="留空表示不限">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="价格选项">
          <PriceOptionsEditor />
        </Form.Item>
      </Card>

      <Card title="介绍" size="small" style={{ marginBottom: 16 }}>
        <Form.Item label="详细介绍" {...f('description')}>
          <RichField label="详细介绍" placeholder="原理、能测什么、结果示例…" />
        </Form.Item>
        <Form.Item label="样品要求" {...f('sampleRequirement')}>
          <RichField label="样品要求" placeholder="样品形态、数量、尺寸、寄送注意事项…" />
        </Form.Item>
      </Card>

      <Card title="上架与展示" size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={12} md={4}>
            <Form.Item label="上架" {...f('onShelf')} valuePropName="checked">
              <Switch checkedChildren="在架" unCheckedChildren="下架" />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item label="排序" {...f('sort')} extra="小的在前">
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item label="首页热门排序" name="hotRank" {...checked(deviceInput.shape.hotRank, orNull)} extra="留空不上首页热门">
              <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item label="下单量" {...f('orderCount')}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </Form>
  );
}
