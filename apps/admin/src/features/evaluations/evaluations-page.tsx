import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Grid, Input, Rate, Select, Space, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { adminEvaluationListQuery, REPLY_FILTERS, type AdminEvaluation, type ReplyFilter } from '@yance/contracts/evaluation';
import { LoadError } from '@/components/load-error.tsx';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ReplyDialog } from './reply-dialog.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const STAR_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({ value: n, label: `${n}星` }));
const REPLY_OPTIONS = Object.entries(REPLY_FILTERS).map(([value, label]) => ({ value, label }));

interface EvaluationQuery {
  page: number;
  stars?: number;
  replied?: ReplyFilter;
  kw: string;
}

/** The filters and page in the address (/evaluations?replied=no). */
const readQuery = (params: URLSearchParams): EvaluationQuery => {
  const stars = int(params.get('stars'));
  return {
    page: int(params.get('page')) || 1,
    stars: stars && stars >= 1 && stars <= 5 ? stars : undefined,
    replied: oneOf(params.get('replied'), ['no', 'yes'] as const),
    kw: params.get('kw') ?? '',
  };
};

const itemColumn = (narrow: boolean): NonNullable<TableProps<AdminEvaluation>['columns']> => [
  {
    title: '项目',
    dataIndex: 'name',
    width: narrow ? 130 : 200,
    fixed: narrow ? undefined : 'left',
    render: (name: string, e) => (
      <>
        <div>{name}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <Link to={`/orders/${e.orderId}`}>{e.orderNo}</Link>
        </Typography.Text>
        {narrow && (
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {e.customerName || '未填写'} {e.customerPhone}
            </Typography.Text>
          </div>
        )}
      </>
    ),
  },
  ...customerColumn(narrow),
];

/** The customer has a column of its own on wide screens; on a phone it sits under the item, so the comment stays in view. */
const customerColumn = (narrow: boolean): NonNullable<TableProps<AdminEvaluation>['columns']> =>
  narrow
    ? []
    : [
        {
          title: '客户',
          key: 'customer',
          width: 150,
          render: (_: unknown, e) => (
            <>
              <div>{e.customerName || '未填写'}</div>
              <Typography.Text type="secondary">{e.customerPhone}</Typography.Text>
            </>
          ),
        },
      ];

const restColumns = (narrow: boolean, onReply: (e: AdminEvaluation) => void): NonNullable<TableProps<AdminEvaluation>['columns']> => [
  {
    title: '评价',
    key: 'comment',
    width: narrow ? 220 : 360,
    render: (_: unknown, e) => (
      <>
        <Rate disabled value={e.stars} style={{ fontSize: 13 }} />
        <Typography.Paragraph
          style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }}
          ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
        >
          {e.comment || <Typography.Text type="secondary">（未填写评价内容）</Typography.Text>}
        </Typography.Paragraph>
        {e.reply && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }} data-testid="evaluation-reply">
            回复（{e.repliedBy || '客户经理'}）：{e.reply.text}
          </Typography.Paragraph>
        )}
      </>
    ),
  },
  { title: '评价时间', dataIndex: 'createdAt', width: 150, render: formatTime },
  {
    title: '操作',
    key: 'actions',
    width: 100,
    fixed: narrow ? undefined : 'right',
    render: (_: unknown, e) => (
      <Button size="small" type={e.reply ? 'default' : 'primary'} onClick={() => onReply(e)}>
        {e.reply ? '修改回复' : '回复'}
      </Button>
    ),
  },
];

const columnsFor = (narrow: boolean, onReply: (e: AdminEvaluation) => void): TableProps<AdminEvaluation>['columns'] => [
  ...itemColumn(narrow),
  ...restColumns(narrow, onReply),
];

/** 评价管理 (/evaluations): newest first, by stars, reply state and item; a manager gets only their customers' from the server. */
export default function EvaluationsPage() {
  const { message } = App.useApp();
  const [query, update] = useListQuery(readQuery);
  const [replying, setReplying] = useState<AdminEvaluation | null>(null);
  const narrow = !Grid.useBreakpoint().md;
  const list = useQuery({
    queryKey: ['adminEvaluationList', query],
    queryFn: () =>
      call('adminEvaluationList', { query: { ...query, kw: query.kw || undefined, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const search = (raw: string) => {
    const kw = raw.trim();
    const checked = adminEvaluationListQuery.shape.kw.safeParse(kw);
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message);
    update({ kw });
  };
  const filtered = !!(query.kw || query.stars || query.replied);

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          评价管理
        </Typography.Title>
        <Space wrap>
          <Input.Search
            key={query.kw}
            defaultValue={query.kw}
            placeholder="项目名称或编号"
            aria-label="搜索项目"
            allowClear
            maxLength={64}
            style={{ width: 220, maxWidth: '100%' }}
            onSearch={search}
          />
          <Select
            aria-label="评分"
            placeholder="全部星级"
            allowClear
            options={STAR_OPTIONS}
            style={{ width: 110 }}
            value={query.stars}
            onChange={(stars?: number) => update({ stars })}
          />
          <Select
            aria-label="回复状态"
            placeholder="全部回复状态"
            allowClear
            options={REPLY_OPTIONS}
            style={{ width: 130 }}
            value={query.replied}
            onChange={(replied?: ReplyFilter) => update({ replied })}
          />
        </Space>
      </Space>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminEvaluation>
          rowKey="id"
          columns={columnsFor(narrow, setReplying)}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: narrow ? 560 : 900 }}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的评价' : '还没有评价'} /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '条评价',
            onPage: (page) => update({ page }),
          })}
        />
      )}
      <ReplyDialog evaluation={replying} onClose={() => setReplying(null)} />
    </>
  );
}
