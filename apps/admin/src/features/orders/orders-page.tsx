import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Empty, Grid, Input, Select, Space, Tag, Typography, type TableProps } from 'antd';
import { call } from '@yance/browser/api-client';
import { adminOrderListQuery, type AdminOrderSummary } from '@yance/contracts/order';
import type { OrderState } from '@yance/contracts/order-states';
import { LoadError } from '@/components/load-error.tsx';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { OrderNoCell } from '@/components/order-state-tag.tsx';
import { Amount, OrderStateTag, STATE_OPTIONS } from './order-labels.tsx';
import { useOrderQuery } from './order-query.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

/** The columns; on a phone the state sits under the number, in the column that stays in view. */
const columnsFor = (narrow: boolean): TableProps<AdminOrderSummary>['columns'] => [
  {
    title: '订单号',
    dataIndex: 'no',
    width: narrow ? 150 : 160,
    fixed: 'left',
    render: (no: string, o) => <OrderNoCell id={o.id} no={no} state={o.state} narrow={narrow} />,
  },
  {
    title: '客户',
    key: 'customer',
    width: 180,
    render: (_: unknown, o) => (
      <>
        <div>
          {o.customerName || '未填写'} <Typography.Text type="secondary">{o.customerPhone}</Typography.Text>
        </div>
        {o.company && (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 164, fontSize: 12 }}>
            {o.company}
          </Typography.Text>
        )}
      </>
    ),
  },
  { title: '客户经理', dataIndex: 'managerName', width: 90, render: (v: string) => v || '未分配' },
  { title: '检测项目', dataIndex: 'items', ellipsis: true, render: (items: string[]) => items.join('、') },
  { title: '样品', dataIndex: 'sampleCount', width: 60, align: 'right' },
  // 实付金额: what the customer pays (the order's figures, issue 21), after the coupon and the points.
  {
    title: '实付金额',
    key: 'payable',
    width: 110,
    align: 'right',
    render: (_: unknown, o: AdminOrderSummary) => <Amount fen={o.figures.payableFen} />,
  },
  ...(narrow ? [] : [{ title: '状态', dataIndex: 'state', width: 96, render: (s: OrderState) => <OrderStateTag state={s} /> }]),
  { title: '下单时间', dataIndex: 'createdAt', width: 165, render: formatTime },
];

/** 订单列表: server-paged, filtered by state, customer and a keyword; a manager gets only their customers' orders from the server. */
export default function OrdersPage() {
  const { message } = App.useApp();
  const [query, update] = useOrderQuery();
  const narrow = !Grid.useBreakpoint().md;
  const list = useQuery({
    queryKey: ['adminOrderList', query],
    queryFn: () => call('adminOrderList', { query: { ...query, kw: query.kw || undefined, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });

  const search = (raw: string) => {
    const kw = raw.trim();
    // The server's own rule, said before asking it.
    const checked = adminOrderListQuery.shape.kw.safeParse(kw);
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message);
    update({ kw });
  };
  const filtered = !!(query.kw || query.state || query.customerId);
  // The customer the list is narrowed to, named by their orders when there are any.
  const customer = list.data?.list.find((o) => o.customerId === query.customerId);

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            订单列表
          </Typography.Title>
          {query.customerId && (
            <Tag closable onClose={() => update({ customerId: undefined })} data-testid="customer-filter">
              客户：{customer ? customer.customerName || customer.customerPhone : `#${query.customerId}`}
            </Tag>
          )}
        </Space>
        <Space wrap>
          <Input.Search
            key={query.kw}
            defaultValue={query.kw}
            placeholder="订单号、手机号、姓名、项目或样品"
            aria-label="搜索订单"
            allowClear
            maxLength={64}
            style={{ width: 280, maxWidth: '100%' }}
            onSearch={search}
          />
          <Select
            aria-label="订单状态"
            placeholder="全部状态"
            allowClear
            options={STATE_OPTIONS}
            style={{ width: 130 }}
            value={query.state}
            onChange={(state?: OrderState) => update({ state })}
          />
        </Space>
      </Space>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminOrderSummary>
          rowKey="id"
          columns={columnsFor(narrow)}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的订单' : '还没有订单'} /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: (n) => (list.data?.more ? `超过 ${n} 个订单，请用更具体的关键词` : `共 ${n} 个订单`),
            onPage: (page) => update({ page }),
          })}
        />
      )}
    </>
  );
}
