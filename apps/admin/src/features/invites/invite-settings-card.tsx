import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Card, Col, Form, InputNumber, Row, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '@yance/browser/api-client';
import { inviteSettings, type InviteSettings } from '@yance/contracts/invite';
import { invitedWelcome, inviteRuleLines, inviteSummary } from '@yance/contracts/invite-rules';
import { DEFAULT_PROMOTION_SETTINGS } from '@yance/contracts/promotion';
import { LoadError } from '@/components/load-error.tsx';
import { fenToYuan, yuanToFen } from '@/lib/money.ts';

interface Values {
  enabled: boolean;
  ratePercent: number | null;
  windowMonths: number | null;
  holdDays: number | null;
  couponYuan: number | null;
  thresholdYuan: number | null;
  couponDays: number | null;
}

const toValues = (s: InviteSettings): Values => ({
  enabled: s.enabled,
  ratePercent: s.rateBp / 100,
  windowMonths: s.windowMonths,
  holdDays: s.holdDays,
  couponYuan: fenToYuan(s.couponFen),
  thresholdYuan: fenToYuan(s.couponThresholdFen),
  couponDays: s.couponDays,
});

/** The form's values as the contract reads them (its messages name the fields when a value is wrong). */
const toSettings = (v: Values) =>
  inviteSettings.safeParse({
    enabled: v.enabled,
    rateBp: v.ratePercent === null ? '' : Math.round(v.ratePercent * 100),
    windowMonths: v.windowMonths ?? '',
    holdDays: v.holdDays ?? '',
    couponFen: yuanToFen(v.couponYuan),
    couponThresholdFen: yuanToFen(v.thresholdYuan ?? 0),
    couponDays: v.couponDays ?? '',
  });

const FIELDS: { name: keyof Values; label: string; precision: number; max?: number }[] = [
  { name: 'ratePercent', label: '返利比例（%）', precision: 2, max: 50 },
  { name: 'windowMonths', label: '返利月数（注册后）', precision: 0, max: 36 },
  { name: 'holdDays', label: '可提现天数（订单完成后）', precision: 0, max: 365 },
  { name: 'couponYuan', label: '新客券金额（元）', precision: 2 },
  { name: 'thresholdYuan', label: '新客券门槛（元，0为无门槛）', precision: 2 },
  { name: 'couponDays', label: '新客券有效天数', precision: 0, max: 365 },
];

/**
 * 邀请有礼 › 活动设置 (ADR 0069): the inviter's rebate and the invitee's coupon, checked by the contract before saving
 * (and by the server behind invite.manage), with the words the shop will show — rendered from the values on the
 * form, by the same functions the shop uses.
 */
export function InviteSettingsCard() {
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState('');
  const watched = Form.useWatch([], form) as Values | undefined;
  const settings = useQuery({ queryKey: ['adminInviteSettings'], queryFn: () => call('adminInviteSettings', {}, { feedback: false }) });
  const promotion = useQuery({
    queryKey: ['adminPromotionSettings'],
    queryFn: () => call('adminPromotionSettings', {}, { feedback: false }),
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(toValues(settings.data as InviteSettings));
  }, [settings.data, form]);
  const save = useWrite({
    mutationFn: (body: InviteSettings) => call('adminInviteSettingsSave', { body }),
    onSuccess: (data) => {
      void message.success('邀请有礼设置已保存');
      queries.setQueryData(['adminInviteSettings'], data);
    },
  });
  const submit = (v: Values) => {
    const parsed = toSettings(v);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? '设置有误');
    setProblem('');
    save.mutate(parsed.data);
  };
  if (settings.isError) return <LoadError error={settings.error} retry={() => void settings.refetch()} />;
  const preview = watched ? toSettings(watched) : null;
  const minWithdrawFen = promotion.data?.minWithdrawFen ?? DEFAULT_PROMOTION_SETTINGS.minWithdrawFen;
  return (
    <Card title="活动设置" size="small" loading={!settings.data} style={{ marginBottom: 16 }} data-testid="invite-settings">
      <Form form={form} layout="vertical" onFinish={submit} disabled={save.isPending}>
        <Form.Item name="enabled" label="开启邀请有礼" valuePropName="checked">
          <Switch aria-label="开启邀请有礼" />
        </Form.Item>
        <Row gutter={16}>
          {FIELDS.map((f) => (
            <Col key={f.name} xs={12} md={8} xl={4}>
              <Form.Item name={f.name} label={f.label}>
                <InputNumber min={0} max={f.max} precision={f.precision} style={{ width: '100%' }} aria-label={f.label} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
        {problem && (
          <Typography.Text type="danger" style={{ marginLeft: 12 }}>
            {problem}
          </Typography.Text>
        )}
      </Form>
      {preview?.success && (
        <div data-testid="invite-settings-preview" style={{ marginTop: 16 }}>
          <Typography.Text strong>商城将显示（保存后，之后的注册与付款按此计算）</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 4px' }}>
            邀请弹窗：{invitedWelcome(preview.data)}
            <br />
            会员中心：{inviteSummary(preview.data)}
          </Typography.Paragraph>
          <ol style={{ margin: 0, paddingLeft: 20, color: 'rgba(0,0,0,0.55)' }}>
            {inviteRuleLines(preview.data, minWithdrawFen).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </div>
      )}
    </Card>
  );
}
