import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { Button, Card, Checkbox, Form, Input, InputNumber, Radio, Space, Spin, Switch, Tag, Typography } from 'antd';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import {
  PRICE_RULE_AUDIENCE_NAMES,
  PRICE_RULE_AUDIENCES,
  PRICE_RULE_KIND_NAMES,
  PRICE_RULE_KINDS,
  PRICE_RULES_MAX,
  priceRules,
  type PriceRule,
} from '@yance/contracts/price-rules';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';

const KEY = ['adminPriceRules'] as const;
/** The three project types of spec §2 (ids 1–3). */
const TYPES = [
  { value: 1, label: '送样检测' },
  { value: 2, label: '现场预约' },
  { value: 3, label: '数据分析' },
];

/** A rule as the form edits it: the amount in yuan. */
type RuleForm = Omit<PriceRule, 'amountFen'> & { amountYuan: number };
const toForm = (r: PriceRule): RuleForm => {
  const { amountFen, ...rest } = r;
  return { ...rest, amountYuan: amountFen / 100 };
};
const fromForm = (r: RuleForm): PriceRule => {
  const { amountYuan, ...rest } = r;
  return { ...rest, amountFen: Math.round((amountYuan ?? 0) * 100) as PriceRule['amountFen'], deviceIds: rest.deviceIds ?? [] };
};

/**
 * 运营 → 优惠活动 (pricing.manage, issue 21): the rules that price every new order and that the shop's discount labels
 * (首页 project types, item cards and pages) are written from. Saving changes the label and the price together.
 */
export default function PriceRulesPage() {
  const [form] = Form.useForm<{ rules: RuleForm[] }>();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call('adminPriceRules', {}, { signal }) });
  const save = useWrite({
    mutationFn: (body: { rules: PriceRule[] }) => call('adminPriceRulesSave', { body }),
    onSuccess: (saved) => {
      notify.success('优惠活动已保存');
      queryClient.setQueryData(KEY, saved);
      form.setFieldsValue({ rules: saved.rules.map((r) => toForm(r as PriceRule)) });
    },
  });
  const submit = () => {
    // Every value, also of fields not on screen (a 折扣 rule keeps its amount, a 立减 rule its rate).
    const v = form.getFieldsValue(true) as { rules: RuleForm[] };
    const parsed = priceRules.safeParse({ rules: (v.rules ?? []).map(fromForm) });
    if (!parsed.success) notify.error(parsed.error.issues[0]?.message ?? '请检查填写的内容');
    else save.mutate(parsed.data);
  };
  return (
    <>
      <PageTitle title="优惠活动">{null}</PageTitle>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        这里的规则决定新订单的优惠，也是首页、项目卡片和项目详情上优惠标签的唯一来源：保存后标签与价格同时生效；停用或删除的规则不再显示标签。
        「新客户首单」指客户此前没有已提交且未取消的订单。已提交的订单不受影响。
      </Typography.Paragraph>
      {rules.isError ? (
        <LoadError error={rules.error} retry={() => void rules.refetch()} />
      ) : !rules.data ? (
        <Spin />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ rules: rules.data.rules.map((r) => toForm(r as PriceRule)) }}
          onFinish={submit}
        >
          <Form.List name="rules">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 760 }}>
                {fields.map((f) => (
                  <RuleCard key={f.key} name={f.name} onRemove={() => remove(f.name)} />
                ))}
                <Space wrap>
                  <Button
                    disabled={fields.length >= PRICE_RULES_MAX}
                    onClick={() =>
                      add({
                        id: `rule-${Date.now().toString(36)}`,
                        label: '',
                        kind: 'percent',
                        ratePercent: 90,
                        amountYuan: 0,
                        audience: 'firstOrder',
                        typeIds: [1],
                        deviceIds: [],
                        active: true,
                      } satisfies RuleForm)
                    }
                  >
                    新增优惠
                  </Button>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    保存
                  </Button>
                </Space>
              </Space>
            )}
          </Form.List>
        </Form>
      )}
    </>
  );
}

function RuleCard({ name, onRemove }: { name: number; onRemove: () => void }) {
  const kind = Form.useWatch(['rules', name, 'kind']) as PriceRule['kind'] | undefined;
  const label = Form.useWatch(['rules', name, 'label']) as string | undefined;
  const active = Form.useWatch(['rules', name, 'active']) as boolean | undefined;
  const amount = Form.useWatch(['rules', name, 'amountYuan']) as number | undefined;
  return (
    <Card
      size="small"
      data-testid="price-rule"
      title={
        <Space>
          <Tag color={active ? 'red' : 'default'}>{label || '未命名'}</Tag>
          {!active && <Typography.Text type="secondary">已停用</Typography.Text>}
        </Space>
      }
      extra={
        <Button type="link" danger onClick={onRemove}>
          删除
        </Button>
      }
    >
      <Form.Item name={[name, 'id']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'deviceIds']} hidden>
        <Input />
      </Form.Item>
      <Space wrap size={[24, 0]} align="start">
        <Form.Item name={[name, 'label']} label="优惠标签" required rules={[{ required: true, message: '[优惠标签]不能为空' }]}>
          <Input maxLength={20} placeholder="如 新客9折" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name={[name, 'kind']} label="优惠方式">
          <Radio.Group options={PRICE_RULE_KINDS.map((k) => ({ value: k, label: PRICE_RULE_KIND_NAMES[k] }))} optionType="button" />
        </Form.Item>
        {kind === 'amount' ? (
          <Form.Item
            name={[name, 'amountYuan']}
            label="每单立减（元）"
            extra={amount ? `立减 ${formatFen(Math.round(amount * 100))}` : undefined}
          >
            <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: 160 }} />
          </Form.Item>
        ) : (
          <Form.Item name={[name, 'ratePercent']} label="按原价的百分之几收费" extra="90 即 9折">
            <InputNumber min={1} max={99} precision={0} suffix="%" style={{ width: 160 }} />
          </Form.Item>
        )}
      </Space>
      <Space wrap size={[24, 0]} align="start">
        <Form.Item name={[name, 'audience']} label="适用客户">
          <Radio.Group options={PRICE_RULE_AUDIENCES.map((a) => ({ value: a, label: PRICE_RULE_AUDIENCE_NAMES[a] }))} />
        </Form.Item>
        <Form.Item name={[name, 'typeIds']} label="适用项目类型">
          <Checkbox.Group options={TYPES} />
        </Form.Item>
        <Form.Item name={[name, 'active']} label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </Card>
  );
}
