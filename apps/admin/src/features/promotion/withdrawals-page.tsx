import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Form, Input, Modal, Select, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { WITHDRAW_STATE_NAMES, WITHDRAW_STATES, WITHDRAW_TRANSITIONS, type WithdrawState } from '@yance/contracts/promotion-states';
import type { AdminWithdraw } from '@yance/contracts/promotion';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { useIdempotencyKey } from '@/lib/idempotency-key.ts';
import { formatTime } from '@/lib/time.ts';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { useChange } from '@/lib/use-change.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const ALL = 'all';
const COLORS: Record<WithdrawState, string> = { applied: 'blue', approved: 'orange', paid: 'green', rejected: 'red' };

interface WithdrawQuery {
  page: number;
  state: WithdrawState | typeof ALL;
}
const readQuery = (params: URLSearchParams): WithdrawQuery => ({
  page: int(params.get('page')) || 1,
  state: oneOf(params.get('state'), [...WITHDRAW_STATES, ALL]) ?? ALL,
});
const STATE_OPTIONS = [{ value: ALL, label: '全部状态' }, ...WITHDRAW_STATES.map((s) => ({ value: s, label: WITHDRAW_STATE_NAMES[s] }))];
const VIEWS = ['adminWithdrawList', 'adminPromoterList', 'adminLedgerReconcile', 'auditList'] as const;

type Move = 'approve' | 'reject' | 'pay';

/** One move of a withdrawal: one idempotency key per opening, sent again on a retry. */
function MoveDialog({ w, action, onClose }: { w: AdminWithdraw; action: Move; onClose: () => void }) {
  const idempotencyKey = useIdempotencyKey();
  const rule = WITHDRAW_TRANSITIONS[action];
  const [form] = Form.useForm<{ note?: string; reference?: string }>();
  const move = useChange(
    (v: { note?: string; reference?: string }) =>
      action === 'approve'
        ? call('adminWithdrawApprove', { body: { id: w.id, idempotencyKey } })
        : action === 'reject'
          ? call('adminWithdrawReject', { body: { id: w.id, note: v.note ?? '', idempotencyKey } })
          : call('adminWithdrawPay', { body: { id: w.id, reference: v.reference ?? '', idempotencyKey } }),
    { done: action === 'reject' ? '已驳回，金额已退回钱包' : action === 'pay' ? '已确认打款' : '已批准', refresh: VIEWS, onDone: onClose },
  );
  const submit = async () => move.mutate(await form.validateFields());
  return (
    <Modal
      title={`${rule.label} · ${w.no}`}
      open
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={rule.label}
      cancelText="返回"
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="推广员">
          {w.promoterName}（{w.phone}）
        </Descriptions.Item>
        <Descriptions.Item label="金额">{formatFen(w.amountFen)}</Descriptions.Item>
        <Descriptions.Item label="开户人">{w.holder}</Descriptions.Item>
        <Descriptions.Item label="开户银行">{w.bank}</Descriptions.Item>
        <Descriptions.Item label="银行账号">{w.account}</Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical">
        {action === 'reject' && (
          <Form.Item
            name="note"
            label="驳回原因（推广员可见）"
            rules={[{ required: true, whitespace: true, message: '[驳回原因]不能为空' }]}
          >
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        )}
        {action === 'pay' && (
          <Form.Item name="reference" label="打款流水号" rules={[{ required: true, whitespace: true, message: '[打款流水号]不能为空' }]}>
            <Input maxLength={60} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * 提现审核 (/money/withdrawals, ADR 0055): the promoters' withdrawals; finance
 * approves, rejects with a reason (back to the wallet) and records the bank
 * transfer with its reference (已打款).
 */
export default function WithdrawalsPage() {
  const [query, update] = useListQuery(readQuery);
  const [moving, setMoving] = useState<{ w: AdminWithdraw; action: Move } | null>(null);
  const list = useQuery({
    queryKey: ['adminWithdrawList', query],
    queryFn: () =>
      call(
        'adminWithdrawList',
        { query: { page: query.page, pageSize: PAGE_SIZE, state: query.state === ALL ? undefined : query.state } },
        { feedback: false },
      ),
    placeholderData: keepPreviousData,
  });
  const act = (w: AdminWithdraw, action: Move) => (
    <Button key={action} size="small" type={action === 'reject' ? 'default' : 'primary'} onClick={() => setMoving({ w, action })}>
      {WITHDRAW_TRANSITIONS[action].label}
    </Button>
  );
  const columns: TableProps<AdminWithdraw>['columns'] = [
    { title: '编号', dataIndex: 'no', width: 100, fixed: 'left' },
    { title: '推广员', key: 'who', width: 140, render: (_: unknown, w) => `${w.promoterName}（${w.phone}）` },
    { title: '金额', dataIndex: 'amountFen', width: 90, align: 'right', render: (v: number) => formatFen(v) },
    { title: '收款账户', key: 'to', width: 200, render: (_: unknown, w) => `${w.holder} · ${w.bank} · ${w.account}` },
    {
      title: '状态',
      dataIndex: 'state',
      width: 130,
      render: (s: WithdrawState, w) => (
        <>
          <Tag color={COLORS[s]}>{WITHDRAW_STATE_NAMES[s]}</Tag>
          {s === 'rejected' && w.note}
          {s === 'paid' && w.reference}
        </>
      ),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
    { title: '处理人', dataIndex: 'staffName', width: 80, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_: unknown, w) => (
        <Space size={4}>
          {w.state === 'applied' && [act(w, 'approve'), act(w, 'reject')]}
          {w.state === 'approved' && [act(w, 'pay'), act(w, 'reject')]}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTitle title="提现审核">
        <Select
          aria-label="提现状态"
          options={STATE_OPTIONS}
          style={{ width: 120 }}
          value={query.state}
          onChange={(state: WithdrawQuery['state']) => update({ state, page: 1 })}
        />
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminWithdraw>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          // The columns fit the console's content at 1280 px (1 000 px); narrower, the table scrolls with 编号 fixed.
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description="没有提现申请" /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '笔',
            onPage: (page) => update({ page }),
          })}
        />
      )}
      {moving && <MoveDialog {...moving} onClose={() => setMoving(null)} />}
    </>
  );
}
