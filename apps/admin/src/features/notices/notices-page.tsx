import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Select, Space, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import {
  NOTICE_CHANNEL_NAMES,
  NOTICE_CHANNELS,
  NOTICE_DELIVERY_STATE_NAMES,
  type NoticeChannel,
  type NoticeOutboxEntry,
} from '@yance/contracts/notice-outbox';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const STATE_COLORS = { sent: 'green', sending: 'orange', skipped: 'default' } as const;

/** The order number links to the order for staff who may open it (an operator reads the outbox without order.read). */
const columnsFor = (linkOrders: boolean): TableProps<NoticeOutboxEntry>['columns'] => [
  { title: '时间', dataIndex: 'createdAt', width: 170, render: formatTime },
  { title: '通道', dataIndex: 'channel', width: 70, render: (c: NoticeChannel) => NOTICE_CHANNEL_NAMES[c] },
  { title: '收件人', dataIndex: 'recipient', width: 190, render: (r: string) => <span style={{ wordBreak: 'break-all' }}>{r}</span> },
  {
    title: '订单',
    dataIndex: 'orderNo',
    width: 170,
    render: (no: string | null, r) => (no && r.orderId && linkOrders ? <Link to={`/orders/${r.orderId}`}>{no}</Link> : (no ?? '—')),
  },
  {
    title: '内容',
    key: 'content',
    render: (_: unknown, r) => (
      <span style={{ wordBreak: 'break-all' }}>
        {r.subject && <Typography.Text strong>{r.subject}：</Typography.Text>}
        {r.content}
      </span>
    ),
  },
  {
    title: '状态',
    key: 'state',
    width: 150,
    render: (_: unknown, r) => (
      <>
        <Tag color={STATE_COLORS[r.state]}>{NOTICE_DELIVERY_STATE_NAMES[r.state]}</Tag>
        {r.provider && <Typography.Text type="secondary">{r.provider}</Typography.Text>}
      </>
    ),
  },
];

/**
 * 通知记录: the order notices sent by SMS and e-mail (ADR 0046) — 已发送,
 * 发送中 (claimed, the gateway not yet answered) or 未发送 (no address) —
 * newest first, by channel and recipient, each linked to its order.
 */
export default function NoticesPage() {
  const { data: me } = useMe();
  const [query, setQuery] = useState<{ page: number; channel?: NoticeChannel; to?: string }>({ page: 1 });
  const list = useQuery({
    queryKey: ['noticeList', query],
    queryFn: () => call('noticeList', { query: { ...query, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const filtered = query.channel !== undefined || !!query.to;
  return (
    <>
      <PageTitle title="通知记录">
        <Space wrap>
          <Input.Search
            placeholder="手机号或邮箱"
            aria-label="收件人"
            allowClear
            maxLength={64}
            style={{ width: 220 }}
            onSearch={(v) => setQuery((q) => ({ ...q, to: v.trim() || undefined, page: 1 }))}
          />
          <Select
            placeholder="全部通道"
            aria-label="通道"
            allowClear
            style={{ width: 120 }}
            options={NOTICE_CHANNELS.map((c) => ({ value: c, label: NOTICE_CHANNEL_NAMES[c] }))}
            value={query.channel}
            onChange={(channel?: NoticeChannel) => setQuery((q) => ({ ...q, channel, page: 1 }))}
          />
        </Space>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<NoticeOutboxEntry>
          rowKey="id"
          columns={columnsFor(holds(me, 'order.read'))}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          onChange={(p) => setQuery((q) => ({ ...q, page: p.current ?? 1 }))}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的通知' : '还没有发出的通知'} /> }}
          pagination={listPagination({ page: query.page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '条' })}
        />
      )}
    </>
  );
}
