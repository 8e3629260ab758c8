import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { Button, Card, Form, InputNumber, Spin } from 'antd';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';
import { pointsSettings } from '@yance/contracts/coupon';
import type { PointsRule } from '@yance/contracts/coupon-states';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';

const KEY = ['adminPointsSettings'] as const;
const FIELDS: { name: keyof PointsRule; label: string; min: number; max: number; suffix: string }[] = [
  { name: 'earnPerYuan', label: '每消费¥1获得积分', min: 0, max: 100, suffix: '积分' },
  { name: 'pointsPerYuan', label: '抵扣¥1所需积分', min: 1, max: 10_000, suffix: '积分' },
  { name: 'capPercent', label: '每单最多抵扣（订单金额的百分比，扣除优惠券后）', min: 0, max: 100, suffix: '%' },
  { name: 'expireMonths', label: '积分有效期', min: 1, max: 120, suffix: '个月' },
];

/** 财务 → 积分设置 (ADR 0053): how points are earned, what they deduct and when they expire. */
export default function PointsSettingsPage() {
  const [form] = Form.useForm<PointsRule>();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call('adminPointsSettings', {}, { signal }) });
  const save = useWrite({
    mutationFn: (body: PointsRule) => call('adminPointsSettingsSave', { body }),
    onSuccess: (saved) => {
      notify.success('设置已保存');
      queryClient.setQueryData(KEY, saved);
    },
  });
  const submit = (v: PointsRule) => {
    const parsed = pointsSettings.safeParse(v);
    if (!parsed.success) notify.error(parsed.error.issues[0]?.message ?? '请检查填写的内容');
    else save.mutate(parsed.data);
  };
  return (
    <>
      <PageTitle title="积分设置">{null}</PageTitle>
      <Card style={{ maxWidth: 640 }}>
        {settings.isError ? (
          <LoadError error={settings.error} retry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <Spin />
        ) : (
          <Form<PointsRule> form={form} layout="vertical" initialValues={settings.data} onFinish={submit}>
            {FIELDS.map((f) => (
              <Form.Item key={f.name} name={f.name} label={f.label} rules={[{ required: true, message: `[${f.label}]不能为空` }]}>
                <InputNumber min={f.min} max={f.max} precision={0} suffix={f.suffix} aria-label={f.label} style={{ width: 200 }} />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Form>
        )}
      </Card>
    </>
  );
}
