import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { Button, Card, DatePicker, Flex, Form, Input, InputNumber, Modal, Radio, Select, Switch, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { notify } from '@yance/browser/notify';
import { couponTemplateForm, type CouponTemplate } from '@yance/contracts/coupon';
import { COUPON_KIND_NAMES, COUPON_ORIGIN_NAMES } from '@yance/contracts/coupon-states';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { IssuedDrawer } from './issued-drawer.tsx';
import { ListTable } from '@/components/list-table.tsx';

const KEY = ['adminCouponTemplateList'] as const;

interface FormValues {
  name: string;
  kind: 'amount' | 'rate';
  amountYuan?: number;
  thresholdYuan?: number;
  ratePercent?: number;
  maxOffYuan?: number;
  validity: 'fixed' | 'days';
  range?: [Dayjs, Dayjs];
  validDays?: number;
  typeIds?: number[];
  perUserLimit: number;
  onSignup: boolean;
}

const fen = (yuan: number | undefined) => Math.round((yuan ?? 0) * 100);

/** 新建优惠券: the rule, the window, the types it applies to, the per-customer limit and 注册即送. */
function AddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const add = useWrite({
    mutationFn: (body: unknown, idempotencyKey) =>
      call('adminCouponTemplateAdd', { body: { ...(body as object), idempotencyKey } as never }),
    onSuccess: () => {
      notify.success('优惠券已创建');
      void queryClient.invalidateQueries({ queryKey: KEY });
      form.resetFields();
      onClose();
    },
  });
  // The storefront's project types (an open call: finance, who may manage coupons, has no catalogue rights).
  const types = useQuery({ queryKey: ['typeGroup'], queryFn: ({ signal }) => call('typeGroup', {}, { signal }), enabled: open });
  const kind = Form.useWatch('kind', form);
  const validity = Form.useWatch('validity', form);
  const submit = (v: FormValues) => {
    const body = {
      name: v.name,
      kind: v.kind,
      amountFen: fen(v.amountYuan),
      thresholdFen: fen(v.thresholdYuan),
      ratePercent: v.ratePercent ?? 90,
      maxOffFen: fen(v.maxOffYuan),
      validity: v.validity,
      ...(v.validity === 'fixed' && v.range
        ? { validFrom: v.range[0].format('YYYY-MM-DD'), validTo: v.range[1].format('YYYY-MM-DD') }
        : {}),
      ...(v.validity === 'days' ? { validDays: v.validDays } : {}),
      typeIds: v.typeIds ?? [],
      perUserLimit: v.perUserLimit,
      onSignup: v.onSignup,
    };
    const parsed = couponTemplateForm.safeParse(body);
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? '请检查填写的内容');
      return;
    }
    add.mutate(body);
  };
  return (
    <Modal title="新建优惠券" open={open} onCancel={onClose} onOk={() => form.submit()} confirmLoading={add.isPending} destroyOnHidden>
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ kind: 'amount', validity: 'days', validDays: 30, perUserLimit: 1, onSignup: false, ratePercent: 90 }}
      >
        <Form.Item name="name" label="优惠券名称" rules={[{ required: true, message: '[优惠券名称]不能为空' }]}>
          <Input maxLength={40} aria-label="优惠券名称" />
        </Form.Item>
        <Form.Item name="kind" label="优惠类型" required>
          <Radio.Group
            options={[
              { value: 'amount', label: '满减券' },
              { value: 'rate', label: '折扣券' },
            ]}
          />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="thresholdYuan" label="使用门槛（元，0为无门槛）">
            <InputNumber min={0} precision={2} prefix="¥" aria-label="使用门槛" />
          </Form.Item>
          {kind === 'rate' ? (
            <>
              <Form.Item name="ratePercent" label="折扣（85 = 8.5折）">
                <InputNumber min={1} max={99} precision={0} aria-label="折扣" />
              </Form.Item>
              <Form.Item name="maxOffYuan" label="最多减免（元，0为不限）">
                <InputNumber min={0} precision={2} prefix="¥" aria-label="最多减免" />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="amountYuan" label="减免金额（元）" required>
              <InputNumber min={0} precision={2} prefix="¥" aria-label="减免金额" />
            </Form.Item>
          )}
        </Flex>
        <Form.Item name="validity" label="有效期" required>
          <Radio.Group
            options={[
              { value: 'days', label: '领取后N天' },
              { value: 'fixed', label: '固定日期' },
            ]}
          />
        </Form.Item>
        {validity === 'fixed' ? (
          <Form.Item name="range" label="起止日期" required>
            <DatePicker.RangePicker />
          </Form.Item>
        ) : (
          <Form.Item name="validDays" label="有效天数" required>
            <InputNumber min={1} max={3650} precision={0} aria-label="有效天数" />
          </Form.Item>
        )}
        <Form.Item name="typeIds" label="适用项目类型（不选为全部）">
          <Select
            mode="multiple"
            allowClear
            aria-label="适用类型"
            placeholder="全部项目类型"
            loading={types.isLoading}
            options={types.data?.map((t) => ({ value: t.id, label: t.name }))}
          />
        </Form.Item>
        <Flex gap={24}>
          <Form.Item name="perUserLimit" label="每人限领">
            <InputNumber min={1} max={100} precision={0} aria-label="每人限领" />
          </Form.Item>
          <Form.Item name="onSignup" label="注册即送" valuePropName="checked">
            <Switch aria-label="注册即送" />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

/** 发放: one coupon of the template to the customer with this phone. */
function IssueDialog({ template, onClose }: { template: CouponTemplate | null; onClose: () => void }) {
  const [phone, setPhone] = useState('');
  const queryClient = useQueryClient();
  const issue = useWrite({
    // The phone is the intent (one key per phone until it is issued): another phone is another issue.
    mutationFn: (to: string, idempotencyKey) => call('adminCouponIssue', { body: { templateId: template!.id, phone: to, idempotencyKey } }),
    onSuccess: () => {
      notify.success('优惠券已发放');
      void queryClient.invalidateQueries({ queryKey: KEY });
      setPhone('');
      onClose();
    },
  });
  return (
    <Modal
      title={`发放「${template?.name ?? ''}」`}
      open={template !== null}
      onCancel={onClose}
      onOk={() => issue.mutate(phone)}
      confirmLoading={issue.isPending}
    >
      <Input
        placeholder="客户手机号"
        aria-label="客户手机号"
        maxLength={11}
        value={phone}
        onChange={(e) => setPhone(e.target.value.trim())}
      />
    </Modal>
  );
}

/** 财务 → 优惠券 (ADR 0053): templates with their counts (opening the issued coupons), 新建, 发放 by phone, 停用/启用. */
export default function CouponsPage() {
  const [adding, setAdding] = useState(false);
  const [issuing, setIssuing] = useState<CouponTemplate | null>(null);
  const [viewing, setViewing] = useState<CouponTemplate | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call('adminCouponTemplateList', {}, { signal }) });
  const active = useWrite({
    mutationFn: (b: { id: number; active: boolean }) => call('adminCouponTemplateActive', { body: b }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <>
      <PageTitle title="优惠券">
        <Button type="primary" onClick={() => setAdding(true)}>
          新建优惠券
        </Button>
      </PageTitle>
      <Card>
        {list.isError ? (
          <LoadError error={list.error} retry={() => void list.refetch()} />
        ) : (
          <ListTable<CouponTemplate>
            rowKey="id"
            loading={list.isLoading}
            dataSource={list.data ?? []}
            scroll={{ x: 900 }}
            pagination={false}
            columns={[
              {
                title: '名称',
                dataIndex: 'name',
                render: (v: string, t) => (
                  <>
                    {v} {t.onSignup && <Tag color="orange">注册即送</Tag>}
                    {t.origin && <Tag color="blue">{COUPON_ORIGIN_NAMES[t.origin]}</Tag>}
                  </>
                ),
              },
              { title: '类型', dataIndex: 'kind', width: 80, render: (k: CouponTemplate['kind']) => COUPON_KIND_NAMES[k] },
              { title: '规则', dataIndex: 'ruleText' },
              {
                title: '有效期',
                render: (_: unknown, t) => (t.validity === 'days' ? `领取后${t.validDays}天` : `${t.validFrom} 至 ${t.validTo}`),
              },
              { title: '每人限领', dataIndex: 'perUserLimit', width: 90 },
              {
                title: '已发放 / 已使用',
                width: 130,
                render: (_: unknown, t) =>
                  t.issued > 0 ? (
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setViewing(t)}>
                      {t.issued} / {t.used}
                    </Button>
                  ) : (
                    '0 / 0'
                  ),
              },
              {
                title: '状态',
                width: 90,
                render: (_: unknown, t) => (
                  // A programme's coupon follows its settings (ADR 0069): changed there, not switched here.
                  <Switch
                    checked={t.active}
                    checkedChildren="启用"
                    unCheckedChildren="停用"
                    aria-label={`${t.name}启用`}
                    disabled={!!t.origin}
                    title={t.origin ? `由「${COUPON_ORIGIN_NAMES[t.origin]}」的设置管理` : undefined}
                    onChange={(v) => active.mutate({ id: t.id, active: v })}
                  />
                ),
              },
              {
                title: '操作',
                width: 90,
                render: (_: unknown, t) => (
                  <Button size="small" disabled={!t.active} onClick={() => setIssuing(t)}>
                    发放
                  </Button>
                ),
              },
            ]}
          />
        )}
        <p style={{ color: '#8c8c8c', marginTop: 12 }}>规则建立后不能修改，已发放的券按发放时的规则使用；停用后不再发放。</p>
      </Card>
      <AddDialog open={adding} onClose={() => setAdding(false)} />
      <IssueDialog template={issuing} onClose={() => setIssuing(null)} />
      <IssuedDrawer template={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
