import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Empty, Input, Popconfirm, Space, Switch, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import type { ArrivalItem } from '@yance/contracts/lab';
import { DELIVERY_METHOD_NAMES, type DeliveryMethod } from '@yance/contracts/order-states';
import { canSampleLeave, sampleRefusal } from '@yance/contracts/sample-states';
import { LoadError } from '@/components/load-error.tsx';
import { SampleStateTag } from '@/components/sample-state-tag.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

/** 到样签收 (/samples): samples the lab waits for, with their courier numbers; each signed for on its own, its label printed. */
export default function ArrivalsPage() {
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [kw, setKw] = useState('');
  const [all, setAll] = useState(false);
  const q = useQuery({
    queryKey: ['adminSampleArrivals', page, kw, all],
    queryFn: () => call('adminSampleArrivals', { query: { page, pageSize: PAGE_SIZE, kw, all } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const checkIn = useWrite({
    mutationFn: (s: ArrivalItem) => call('adminSampleCheckIn', { body: { id: s.id, expect: s.state, note: '' } }),
    onSuccess: (s) => {
      void message.success(s.orderState === 'received' ? `${s.no} 已签收，订单样品已全部到齐` : `${s.no} 已签收`);
      for (const key of ['adminSampleArrivals', 'adminOrderDetail', 'adminOrderList']) void queries.invalidateQueries({ queryKey: [key] });
    },
    onError: () => void queries.invalidateQueries({ queryKey: ['adminSampleArrivals'] }),
  });

  const columns: TableProps<ArrivalItem>['columns'] = [
    {
      title: '样品编号',
      dataIndex: 'no',
      width: 190,
      fixed: 'left',
      render: (no: string, s) => (
        <>
          <Typography.Text copyable>{no}</Typography.Text>
          <div>
            <SampleStateTag state={s.state} />
          </div>
        </>
      ),
    },
    {
      title: '样品',
      dataIndex: 'name',
      width: 160,
      render: (name: string, s) => (
        <>
          {name}
          <div style={{ fontSize: 12 }}>
            <Typography.Text type="secondary">
              {s.count} 个 · {s.item}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: '订单',
      dataIndex: 'orderNo',
      width: 170,
      render: (no: string, s) => (
        <>
          <Link to={`/orders/${s.orderId}`}>{no}</Link>
          <div style={{ fontSize: 12 }}>
            <Typography.Text type="secondary">{s.customerName}</Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: '送样方式 / 快递单号',
      key: 'express',
      width: 200,
      render: (_: unknown, s) =>
        s.express_no ? (
          <>
            {s.express_company} <Typography.Text copyable>{s.express_no}</Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">{DELIVERY_METHOD_NAMES[s.delivery as DeliveryMethod] ?? '—'}（未填单号）</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'act',
      width: 170,
      render: (_: unknown, s) => {
        // The sample may be signed for, but its order may not be received yet (待签约, 待付款): say why instead.
        const refused = canSampleLeave('checkIn', s.state) ? sampleRefusal('checkIn', s.orderState) : null;
        return (
          <Space>
            {refused && <Typography.Text type="secondary">{refused}</Typography.Text>}
            {canSampleLeave('checkIn', s.state) && !refused && (
              <Popconfirm title={`签收样品 ${s.no}？`} okText="签收" cancelText="取消" onConfirm={() => checkIn.mutateAsync(s)}>
                <Button type="primary" size="small" data-testid={`check-in-${s.no}`}>
                  签收
                </Button>
              </Popconfirm>
            )}
            <Link to={`/orders/${s.orderId}/labels?sample=${s.id}`}>打印标签</Link>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          到样签收
        </Typography.Title>
        <Input.Search
          allowClear
          placeholder="订单号、样品编号、样品名称、快递单号"
          style={{ width: 300, maxWidth: '100%' }}
          onSearch={(v) => {
            setKw(v.trim());
            setPage(1);
          }}
        />
        <Space>
          <Switch
            checked={all}
            onChange={(v) => {
              setAll(v);
              setPage(1);
            }}
            aria-label="显示全部样品"
          />
          <span>显示全部样品</span>
        </Space>
      </Space>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <ListTable<ArrivalItem>
          rowKey="id"
          size="small"
          loading={q.isFetching}
          columns={columns}
          dataSource={q.data?.list}
          scroll={{ x: 890 }}
          locale={{ emptyText: <Empty description={all ? '没有样品' : '没有待到的样品'} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      )}
    </>
  );
}
