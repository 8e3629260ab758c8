import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Form, Input, Modal, Select, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { REFUND_STATE_NAMES, REFUND_STATES, REFUND_TRANSITIONS, type RefundState } from '@yance/contracts/ledger';
import { adminRefundApproveBody, type AdminRefund } from '@yance/contracts/prestore';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { useIdempotencyKey } from '@/lib/idempotency-key.ts';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { useChange } from '@/lib/use-change.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const ALL = 'all';

interface RefundQuery {
  page: number;
  /** 待审核 unless the address says otherwise: the room is where refunds wait for finance. */
  state: RefundState | typeof ALL;
}

const readQuery = (params: URLSearchParams): RefundQuery => ({
  page: int(params.get('page')) || 1,
  state: oneOf(params.get('state'), [...REFUND_STATES, ALL]) ?? 'pending',
});

const STATE_OPTIONS = [{ value: ALL, label: '全部状态' }, ...REFUND_STATES.map((s) => ({ value: s, label: REFUND_STATE_NAMES[s] }))];

/** What an approval shows up in: this room, the reconciliation, the customer's statement, the order and the history. */
const MONEY_VIEWS = ['adminRefundList', 'adminLedgerReconcile', 'adminLedgerStatement', 'adminOrderDetail', 'auditList'] as const;

/** 批准退款 of one refund: one idempotency key per opening, sent again on a retry, so a lost answer refunds once. */
function ApproveDialog({ refund, onClose }: { refund: AdminRefund; onClose: () => void }) {
  const idempotencyKey = useIdempotencyKey();
  const [form] = Form.useForm<{ note?: string }>();
  const approve = useChange((body: { id: number; note: string; idempotencyKey: string }) => call('adminRefundApprove', { body }), {
    done: '已退款',
    refresh: MONEY_VIEWS,
    onDone: onClose,
  });
  const submit = async () => {
    const { note } = await form.validateFields();
    approve.mutate({ id: refund.id, note: adminRefundApproveBody.shape.note.parse(note ?? '') ?? '', idempotencyKey });
  };
  return (
    <Modal
      title={`${REFUND_TRANSITIONS.approve.label} · ${refund.orderNo}`}
      open
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={REFUND_TRANSITIONS.approve.label}
      cancelText="返回"
      confirmLoading={approve.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="客户">{refund.customer}</Descriptions.Item>
        <Descriptions.Item label="退款金额">{formatFen(refund.amountFen)}</Descriptions.Item>
        <Descriptions.Item label="取消原因">{refund.reason || '—'}</Descriptions.Item>
        <Descriptions.Item label="去向">客户预存余额（已开票的订单同时红冲）</Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical">
        <Form.Item name="note" label="备注" rules={[{ max: 200, message: '[备注]不能超过200个字' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 退款审核 (/money/refunds): cancelled prepaid orders whose payment waits in
 * refunds payable; 批准退款 moves it to the customer's balance (ADR 0050).
 */
export default function RefundsPage() {
  const { data: me } = useMe();
  const [query, update] = useListQuery(readQuery);
  const [approving, setApproving] = useState<AdminRefund | null>(null);
  const canApprove = holds(me, 'prestore.confirm');
  const canOpenOrder = holds(me, 'order.read');
  const list = useQuery({
    queryKey: ['adminRefundList', query],
    queryFn: () =>
      call(
        'adminRefundList',
        { query: { page: query.page, pageSize: PAGE_SIZE, state: query.state === ALL ? undefined : query.state } },
        { feedback: false },
      ),
    placeholderData: keepPreviousData,
  });
  const columns: TableProps<AdminRefund>['columns'] = [
    {
      title: '订单',
      dataIndex: 'orderNo',
      width: 170,
      fixed: 'left',
      render: (no: string, r) => (canOpenOrder ? <Link to={`/orders/${r.orderId}`}>{no}</Link> : no),
    },
    { title: '金额', dataIndex: 'amountFen', width: 110, align: 'right', render: (fen: number) => formatFen(fen) },
    { title: '客户', dataIndex: 'customer', width: 120 },
    { title: '取消原因', dataIndex: 'reason', width: 180, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: RefundState) => <Tag color={s === 'pending' ? 'orange' : 'green'}>{REFUND_STATE_NAMES[s]}</Tag>,
    },
    { title: '取消时间', dataIndex: 'createdAt', width: 150, render: (iso: string) => formatTime(iso) },
    { title: '处理人', dataIndex: 'staffName', width: 90, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, r) =>
        canApprove && r.state === 'pending' ? (
          <Button size="small" type="primary" onClick={() => setApproving(r)}>
            批准退款
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <PageTitle title="退款审核">
        <Select
          aria-label="退款状态"
          options={STATE_OPTIONS}
          style={{ width: 120 }}
          value={query.state}
          onChange={(state: RefundQuery['state']) => update({ state })}
        />
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminRefund>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description={query.state === 'pending' ? '没有待审核的退款' : '没有退款'} /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '笔',
            onPage: (page) => update({ page }),
          })}
        />
      )}
      {approving && <ApproveDialog refund={approving} onClose={() => setApproving(null)} />}
    </>
  );
}
