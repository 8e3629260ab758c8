import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Empty, Grid, Input, Select, Space, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { adminDemandListQuery, DEMAND_STATES, type AdminDemandSummary, type DemandState } from '@yance/contracts/demand';
import { LoadError } from '@/components/load-error.tsx';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { DEMAND_STATE_OPTIONS, DemandStateTag } from './demand-labels.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

interface DemandQuery {
  page: number;
  state?: DemandState;
  kw: string;
}

/** The list's filters and page live in the address (/demands?state=open), so 返回 from a demand finds the list as it was. */
const readQuery = (params: URLSearchParams): DemandQuery => ({
  page: int(params.get('page')) || 1,
  state: oneOf(params.get('state'), DEMAND_STATES),
  kw: params.get('kw') ?? '',
});

const columnsFor = (narrow: boolean): TableProps<AdminDemandSummary>['columns'] => [
  {
    title: '需求',
    dataIndex: 'title',
    width: narrow ? 170 : 260,
    fixed: 'left',
    render: (title: string, d) => (
      <>
        <Link to={`/demands/${d.id}`}>{title}</Link>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {d.no}
          </Typography.Text>
        </div>
        {narrow && <DemandStateTag state={d.state} />}
      </>
    ),
  },
  {
    title: '客户',
    key: 'customer',
    width: 180,
    render: (_: unknown, d) => (
      <>
        <div>
          {d.customerName || '未填写'} <Typography.Text type="secondary">{d.customerPhone}</Typography.Text>
        </div>
        {d.company && (
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 164, fontSize: 12 }}>
            {d.company}
          </Typography.Text>
        )}
      </>
    ),
  },
  { title: '客户经理', dataIndex: 'managerName', width: 90, render: (v: string) => v || '未分配' },
  {
    title: '预算',
    dataIndex: 'budget_fen',
    width: 110,
    align: 'right',
    render: (fen: number | null) => (fen === null ? '—' : formatFen(fen)),
  },
  {
    title: '报价',
    dataIndex: 'total_fen',
    width: 110,
    align: 'right',
    render: (fen: number | null) => (fen === null ? <Typography.Text type="warning">待报价</Typography.Text> : formatFen(fen)),
  },
  ...(narrow ? [] : [{ title: '状态', dataIndex: 'state', width: 100, render: (s: DemandState) => <DemandStateTag state={s} /> }]),
  { title: '提交时间', dataIndex: 'createdAt', width: 165, render: formatTime },
];

/** 定制需求 (/demands): server-paged, by state and keyword; a manager gets only their customers' demands from the server. */
export default function DemandsPage() {
  const { message } = App.useApp();
  const [query, update] = useListQuery(readQuery);
  const narrow = !Grid.useBreakpoint().md;
  const list = useQuery({
    queryKey: ['adminDemandList', query],
    queryFn: () => call('adminDemandList', { query: { ...query, kw: query.kw || undefined, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const search = (raw: string) => {
    const kw = raw.trim();
    const checked = adminDemandListQuery.shape.kw.safeParse(kw);
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message);
    update({ kw });
  };
  const filtered = !!(query.kw || query.state);

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          定制需求
        </Typography.Title>
        <Space wrap>
          <Input.Search
            key={query.kw}
            defaultValue={query.kw}
            placeholder="标题、客户姓名、手机号或单位"
            aria-label="搜索需求"
            allowClear
            maxLength={64}
            style={{ width: 280, maxWidth: '100%' }}
            onSearch={search}
          />
          <Select
            aria-label="需求状态"
            placeholder="全部状态"
            allowClear
            options={DEMAND_STATE_OPTIONS}
            style={{ width: 130 }}
            value={query.state}
            onChange={(state?: DemandState) => update({ state })}
          />
        </Space>
      </Space>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminDemandSummary>
          rowKey="id"
          columns={columnsFor(narrow)}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的需求' : '还没有定制需求'} /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '个需求',
            onPage: (page) => update({ page }),
          })}
        />
      )}
    </>
  );
}
