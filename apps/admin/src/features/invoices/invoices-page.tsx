import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Empty, Grid, Input, Select, Space, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { adminInvoiceListQuery, type AdminInvoiceSummary } from '@yance/contracts/invoice';
import { INVOICE_KIND_NAMES, INVOICE_STATES, type InvoiceState } from '@yance/contracts/invoice-states';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { INVOICE_STATE_OPTIONS, InvoiceStateTag } from './invoice-labels.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

interface InvoiceQuery {
  page: number;
  /** 'all' shows every state; absent is the queue (申请中). */
  state?: InvoiceState | 'all';
  kw: string;
}

/** The filters and page live in the address (/invoices?state=issued); the room opens on the queue of 申请中. */
const readQuery = (params: URLSearchParams): InvoiceQuery => ({
  page: int(params.get('page')) || 1,
  state: oneOf(params.get('state'), [...INVOICE_STATES, 'all'] as const),
  kw: params.get('kw') ?? '',
});

const columnsFor = (narrow: boolean): TableProps<AdminInvoiceSummary>['columns'] => [
  {
    title: '申请',
    dataIndex: 'no',
    width: narrow ? 140 : 130,
    fixed: 'left',
    render: (no: string, a) => (
      <>
        <Link to={`/invoices/${a.id}`}>{no}</Link>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {INVOICE_KIND_NAMES[a.kind]}
          </Typography.Text>
        </div>
        {narrow && (
          <div>
            <Typography.Text strong>{formatFen(a.amount_fen)}</Typography.Text> <InvoiceStateTag state={a.state} />
          </div>
        )}
      </>
    ),
  },
  {
    title: '抬头',
    dataIndex: 'titleName',
    width: 210,
    render: (name: string, a) => (
      <>
        <div>{name}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {a.customerName || '未填写'} {a.customerPhone}
        </Typography.Text>
      </>
    ),
  },
  { title: '金额', dataIndex: 'amount_fen', width: 100, align: 'right', render: (fen: number) => formatFen(fen) },
  {
    title: '订单',
    dataIndex: 'labels',
    width: 160,
    render: (labels: string[]) => <Typography.Text style={{ fontSize: 12 }}>{labels.join('、')}</Typography.Text>,
  },
  ...(narrow ? [] : [{ title: '状态', dataIndex: 'state', width: 80, render: (s: InvoiceState) => <InvoiceStateTag state={s} /> }]),
  { title: '发票号码', dataIndex: 'invoiceNo', width: 170, render: (no: string) => no || '—' },
  { title: '申请时间', dataIndex: 'createdAt', width: 150, render: formatTime },
];

/** 发票 (/invoices): finance's queue of applications — 申请中 first come first served — by state and keyword. */
export default function InvoicesPage() {
  const { message } = App.useApp();
  const [query, update] = useListQuery(readQuery);
  const narrow = !Grid.useBreakpoint().md;
  const state = query.state ?? 'applied';
  const list = useQuery({
    queryKey: ['adminInvoiceList', query],
    queryFn: () =>
      call(
        'adminInvoiceList',
        { query: { page: query.page, pageSize: PAGE_SIZE, state: state === 'all' ? undefined : state, kw: query.kw || undefined } },
        { feedback: false },
      ),
    placeholderData: keepPreviousData,
  });
  const search = (raw: string) => {
    const kw = raw.trim();
    const checked = adminInvoiceListQuery.shape.kw.safeParse(kw);
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message);
    update({ kw });
  };
  return (
    <>
      <PageTitle title="发票">
        <Space wrap>
          <Input.Search
            key={query.kw}
            defaultValue={query.kw}
            placeholder="申请编号、抬头或手机号"
            aria-label="搜索开票申请"
            allowClear
            maxLength={64}
            style={{ width: 220, maxWidth: '100%' }}
            onSearch={search}
          />
          <Select
            aria-label="申请状态"
            options={[...INVOICE_STATE_OPTIONS, { value: 'all', label: '全部状态' }]}
            style={{ width: 120 }}
            value={state}
            onChange={(s: InvoiceState | 'all') => update({ state: s === 'applied' ? undefined : s })}
          />
        </Space>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminInvoiceSummary>
          rowKey="id"
          columns={columnsFor(narrow)}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: narrow ? 700 : 1000 }}
          locale={{ emptyText: <Empty description={state === 'applied' && !query.kw ? '没有待开票的申请' : '没有符合条件的开票申请'} /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '条',
            onPage: (page) => update({ page }),
          })}
        />
      )}
    </>
  );
}
