import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { PROMOTER_STATE_NAMES, PROMOTER_STATES, PROMOTER_TRANSITIONS, type PromoterState } from '@yance/contracts/promotion-states';
import type { AdminPromoter, PromotionSettings } from '@yance/contracts/promotion';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { formatTime } from '@/lib/time.ts';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { useChange } from '@/lib/use-change.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const ALL = 'all';
const COLORS: Record<PromoterState, string> = { applied: 'blue', approved: 'green', rejected: 'red', disabled: 'default' };

interface PromoterQuery {
  page: number;
  state: PromoterState | typeof ALL;
  kw: string;
}
const readQuery = (params: URLSearchParams): PromoterQuery => ({
  page: int(params.get('page')) || 1,
  state: oneOf(params.get('state'), [...PROMOTER_STATES, ALL]) ?? ALL,
  kw: params.get('kw') ?? '',
});
const STATE_OPTIONS = [{ value: ALL, label: '全部状态' }, ...PROMOTER_STATES.map((s) => ({ value: s, label: PROMOTER_STATE_NAMES[s] }))];
const VIEWS = ['adminPromoterList', 'auditList'] as const;

type Move = 'approve' | 'reject' | 'disable' | 'enable';
const CALLS = {
  approve: 'adminPromoterApprove',
  reject: 'adminPromoterReject',
  disable: 'adminPromoterDisable',
  enable: 'adminPromoterEnable',
} as const;

function MoveDialog({ promoter, action, onClose }: { promoter: AdminPromoter; action: Move; onClose: () => void }) {
  const rule = PROMOTER_TRANSITIONS[action];
  const needsNote = 'note' in rule && rule.note === 'required';
  const [form] = Form.useForm<{ note?: string }>();
  const move = useChange((body: { id: number; note: string }) => call(CALLS[action], { body }), {
    done: `已${rule.label}`,
    refresh: VIEWS,
    onDone: onClose,
  });
  const submit = async () => {
    const { note } = await form.validateFields();
    move.mutate({ id: promoter.id, note: (note ?? '').trim() });
  };
  return (
    <Modal
      title={`${rule.label} · ${promoter.name}`}
      open
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={rule.label}
      cancelText="返回"
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <p>
        {promoter.phone} · 渠道：{promoter.channel}
        {promoter.reason && ` · ${promoter.reason}`}
      </p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={needsNote ? '原因（客户可见）' : '备注'}
          rules={[
            ...(needsNote ? [{ required: true, whitespace: true, message: '[原因]不能为空' }] : []),
            { max: 200, message: '[原因]不能超过200个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SettingsCard() {
  const settings = useQuery({
    queryKey: ['adminPromotionSettings'],
    queryFn: () => call('adminPromotionSettings', {}, { feedback: false }),
  });
  const [form] = Form.useForm<{ ratePercent: number; pendingDays: number; minYuan: number }>();
  const save = useChange((body: PromotionSettings) => call('adminPromotionSettingsSave', { body }), {
    done: '设置已保存',
    refresh: ['adminPromotionSettings', 'auditList'],
  });
  const release = useChange(() => call('adminPromotionRelease', {}), { done: '到期返利已入账', refresh: VIEWS });
  if (!settings.data) return null;
  const s = settings.data;
  return (
    <Card title="推广设置" size="small" style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ ratePercent: s.rateBp / 100, pendingDays: s.pendingDays, minYuan: s.minWithdrawFen / 100 }}
        onFinish={(v) =>
          save.mutate({
            rateBp: Math.round(v.ratePercent * 100),
            pendingDays: v.pendingDays,
            minWithdrawFen: Math.round(v.minYuan * 100) as PromotionSettings['minWithdrawFen'],
          })
        }
      >
        <Form.Item name="ratePercent" label="返利比例(%)" rules={[{ required: true, message: '[返利比例]不能为空' }]}>
          <InputNumber min={0} max={50} precision={2} />
        </Form.Item>
        <Form.Item name="pendingDays" label="入账天数" rules={[{ required: true, message: '[入账天数]不能为空' }]}>
          <InputNumber min={0} max={365} precision={0} />
        </Form.Item>
        <Form.Item name="minYuan" label="最低提现(元)" rules={[{ required: true, message: '[最低提现金额]不能为空' }]}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={() => release.mutate(undefined)} loading={release.isPending}>
            到期返利入账
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

/**
 * 推广员 (/promoters, ADR 0055): applications and promoters with their figures
 * (customers, available, pending, earned, withdrawn); approve, reject with a
 * reason, stop and restart; the rebate settings and releasing due rebates.
 */
export default function PromotersPage() {
  const [query, update] = useListQuery(readQuery);
  const [moving, setMoving] = useState<{ promoter: AdminPromoter; action: Move } | null>(null);
  const list = useQuery({
    queryKey: ['adminPromoterList', query],
    queryFn: () =>
      call(
        'adminPromoterList',
        { query: { page: query.page, pageSize: PAGE_SIZE, state: query.state === ALL ? undefined : query.state, kw: query.kw } },
        { feedback: false },
      ),
    placeholderData: keepPreviousData,
  });
  const act = (promoter: AdminPromoter, action: Move) => (
    <Button key={action} size="small" type={action === 'approve' ? 'primary' : 'default'} onClick={() => setMoving({ promoter, action })}>
      {PROMOTER_TRANSITIONS[action].label}
    </Button>
  );
  const columns: TableProps<AdminPromoter>['columns'] = [
    {
      title: '推广员',
      key: 'who',
      width: 140,
      fixed: 'left',
      render: (_: unknown, p) => (
        <>
          <div>{p.name}</div>
          <Typography.Text type="secondary">{p.phone}</Typography.Text>
        </>
      ),
    },
    { title: '渠道', dataIndex: 'channel', width: 110, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: PromoterState) => <Tag color={COLORS[s]}>{PROMOTER_STATE_NAMES[s]}</Tag>,
    },
    { title: '客户', dataIndex: 'customers', width: 56, align: 'right' },
    { title: '可提现', dataIndex: 'availableFen', width: 90, align: 'right', render: (v: number) => formatFen(v) },
    { title: '待入账', dataIndex: 'pendingFen', width: 90, align: 'right', render: (v: number) => formatFen(v) },
    { title: '累计返利', dataIndex: 'earnedFen', width: 90, align: 'right', render: (v: number) => formatFen(v) },
    { title: '已提现', dataIndex: 'withdrawnFen', width: 90, align: 'right', render: (v: number) => formatFen(v) },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_: unknown, p) => (
        <Space size={4}>
          {p.state === 'applied' && [act(p, 'approve'), act(p, 'reject')]}
          {p.state === 'approved' && act(p, 'disable')}
          {p.state === 'disabled' && act(p, 'enable')}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTitle title="推广员">
        <Space wrap>
          <Input.Search
            aria-label="姓名或手机号"
            placeholder="姓名或手机号"
            allowClear
            defaultValue={query.kw}
            style={{ width: 180 }}
            onSearch={(kw) => update({ kw, page: 1 })}
          />
          <Select
            aria-label="推广员状态"
            options={STATE_OPTIONS}
            style={{ width: 120 }}
            value={query.state}
            onChange={(state: PromoterQuery['state']) => update({ state, page: 1 })}
          />
        </Space>
      </PageTitle>
      <SettingsCard />
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminPromoter>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description="没有推广员申请" /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '人',
            onPage: (page) => update({ page }),
          })}
        />
      )}
      {moving && <MoveDialog {...moving} onClose={() => setMoving(null)} />}
    </>
  );
}
