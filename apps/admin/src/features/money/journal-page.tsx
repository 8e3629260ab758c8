import { DownloadOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Flex, Grid, Input, Select, Space, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { download, saveFile } from '@yance/browser/api-files';
import { signedFen } from '@yance/browser/format';
import { LEDGER_ACCOUNT_NAMES, LEDGER_ENTRY_KINDS, LEDGER_ENTRY_NAMES, type LedgerEntryKind } from '@yance/contracts/ledger';
import { adminJournalExportQuery, type AdminJournal, type JournalEntry, type JournalLine } from '@yance/contracts/journal';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { dayjs, formatTime } from '@/lib/time.ts';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

interface JournalQuery {
  page: number;
  kind?: LedgerEntryKind;
  /** China days, YYYY-MM-DD. */
  from?: string;
  to?: string;
  kw: string;
}

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

const readQuery = (params: URLSearchParams): JournalQuery => ({
  page: int(params.get('page')) || 1,
  kind: oneOf(params.get('kind'), LEDGER_ENTRY_KINDS),
  from: day(params.get('from')),
  to: day(params.get('to')),
  kw: params.get('kw') ?? '',
});

const KIND_OPTIONS = LEDGER_ENTRY_KINDS.map((value) => ({ value, label: LEDGER_ENTRY_NAMES[value] }));

/** The filter as the calls take it (the list adds its page). */
const filterOf = (q: JournalQuery) => ({ kind: q.kind, from: q.from, to: q.to, keyword: q.kw || undefined });

const Signed = ({ fen }: { fen: number }) => (
  <Typography.Text type={fen < 0 ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }}>
    {signedFen(fen)}
  </Typography.Text>
);

/** An entry's lines: each account (and whose: beside it, or below it on a phone), and what moved in or out of it. */
function Lines({ lines, narrow = false }: { lines: JournalLine[]; narrow?: boolean }) {
  return (
    <div data-testid="journal-lines">
      {lines.map((l, i) => (
        // An entry's lines never change; their order is the ledger's.
        <Flex key={i} justify="space-between" gap={8}>
          <span>
            {LEDGER_ACCOUNT_NAMES[l.account]}
            {l.owner &&
              (narrow ? (
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {l.owner}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary"> · {l.owner}</Typography.Text>
              ))}
          </span>
          <Signed fen={l.amountFen} />
        </Flex>
      ))}
    </div>
  );
}

/** The day, and the time below it. */
const TwoLineTime = ({ iso }: { iso: string }) => {
  const [d, time] = formatTime(iso).split(' ');
  return (
    <>
      <div>{d}</div>
      <Typography.Text type="secondary">{time}</Typography.Text>
    </>
  );
};

interface Reach {
  canOpenCustomer: boolean;
  canOpenOrder: boolean;
}

/** The customer by name (their page) and masked phone: two lines in the table, one (`inline`) in a phone's entry column. */
function CustomerCell({ e, reach, inline = false }: { e: JournalEntry; reach: Reach; inline?: boolean }) {
  if (!e.customer) return <>—</>;
  const { id, name, phone } = e.customer;
  const label = name || phone;
  const link = reach.canOpenCustomer ? <Link to={`/customers/${id}`}>{label}</Link> : label;
  if (inline)
    return (
      <>
        {link}
        {name && (
          <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
            {' '}
            {phone}
          </Typography.Text>
        )}
      </>
    );
  return (
    <>
      <div>{link}</div>
      {name && <Typography.Text type="secondary">{phone}</Typography.Text>}
    </>
  );
}

/** The order the entry is for (its page), or the top-up it credited (充值审核, found by its number). */
function SourceCell({ e, reach }: { e: JournalEntry; reach: Reach }) {
  return (
    <>
      {e.orderNo && <div>{reach.canOpenOrder ? <Link to={`/orders/${e.orderId}`}>{e.orderNo}</Link> : e.orderNo}</div>}
      {e.topupNo && (
        <div>
          <Link to={`/money/topups?state=all&kw=${e.topupNo}`}>{e.topupNo}</Link>
        </div>
      )}
      {!e.orderNo && !e.topupNo && '—'}
    </>
  );
}

const wideColumns = (reach: Reach): TableProps<JournalEntry>['columns'] => [
  { title: '时间', dataIndex: 'createdAt', width: 100, render: (iso: string) => <TwoLineTime iso={iso} /> },
  { title: '类型', dataIndex: 'kind', width: 110, render: (k: LedgerEntryKind) => LEDGER_ENTRY_NAMES[k] },
  { title: '摘要', dataIndex: 'memo', ellipsis: true, render: (memo: string) => memo || '—' },
  { title: '客户', key: 'customer', width: 110, render: (_: unknown, e) => <CustomerCell e={e} reach={reach} /> },
  { title: '订单 / 充值单', key: 'source', width: 150, render: (_: unknown, e) => <SourceCell e={e} reach={reach} /> },
  { title: '借贷明细', key: 'lines', width: 280, render: (_: unknown, e) => <Lines lines={e.lines} /> },
  { title: '经办人', dataIndex: 'staffName', width: 70, render: (v: string) => v || '—' },
];

/** On a phone: the entry (kind, time, memo, customer, order) in one column, its lines in the other. */
const narrowColumns = (reach: Reach): TableProps<JournalEntry>['columns'] => [
  {
    title: '分录',
    key: 'entry',
    render: (_: unknown, e) => (
      <>
        <div>{LEDGER_ENTRY_NAMES[e.kind]}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(e.createdAt)}
        </Typography.Text>
        {e.memo && <div style={{ fontSize: 12 }}>{e.memo}</div>}
        {e.customer && (
          <div style={{ fontSize: 12 }}>
            <CustomerCell e={e} reach={reach} inline />
          </div>
        )}
        <div style={{ fontSize: 12 }}>
          <SourceCell e={e} reach={reach} />
        </div>
      </>
    ),
  },
  { title: '借贷明细', key: 'lines', width: 200, render: (_: unknown, e) => <Lines lines={e.lines} narrow /> },
];

/** 期间合计: each account kind's movement over the filtered entries (the server sums them when the filter is bounded). */
function Sums({ sums }: { sums: AdminJournal['sums'] }) {
  return (
    <Card size="small" title="筛选范围内各科目变动合计" style={{ marginBottom: 16 }} data-testid="journal-sums">
      {sums === null ? (
        <Typography.Text type="secondary">选择起止日期或输入关键词后显示。</Typography.Text>
      ) : sums.length === 0 ? (
        <Typography.Text type="secondary">没有变动。</Typography.Text>
      ) : (
        <Flex wrap gap="4px 24px">
          {sums.map((s) => (
            <span key={s.account}>
              {LEDGER_ACCOUNT_NAMES[s.account]} <Signed fen={s.sumFen} />
            </span>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/**
 * 收支流水 (/money/journal): every ledger entry, newest first, with its
 * debits and credits, by kind, China dates and a customer's phone or name, an
 * order or top-up number (ADR 0050); the filtered list as an .xlsx.
 */
export default function JournalPage() {
  const { message } = App.useApp();
  const { data: me } = useMe();
  const [query, update] = useListQuery(readQuery);
  const narrow = !Grid.useBreakpoint().md;
  const reach = { canOpenCustomer: holds(me, 'customer.read'), canOpenOrder: holds(me, 'order.read') };
  const list = useQuery({
    queryKey: ['adminLedgerJournal', query],
    queryFn: () =>
      call('adminLedgerJournal', { query: { page: query.page, pageSize: PAGE_SIZE, ...filterOf(query) } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const exporting = useWrite({
    mutationFn: () => download('adminLedgerJournalExport', filterOf(query), '收支流水.xlsx').then(saveFile),
  });
  const search = (raw: string) => {
    const kw = raw.trim();
    const checked = adminJournalExportQuery.shape.keyword.safeParse(kw);
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message);
    update({ kw });
  };
  const filtered = !!(query.kw || query.kind || query.from || query.to);

  return (
    <>
      <PageTitle title="收支流水">
        <Space wrap>
          <Input.Search
            key={query.kw}
            defaultValue={query.kw}
            placeholder="手机号、姓名或单号"
            title="客户手机号或姓名（开头）、订单号或充值单号（完整）"
            aria-label="搜索流水"
            allowClear
            maxLength={40}
            style={{ width: 250, maxWidth: '100%' }}
            onSearch={search}
          />
          <Select
            aria-label="流水类型"
            placeholder="全部类型"
            allowClear
            options={KIND_OPTIONS}
            style={{ width: 170 }}
            value={query.kind}
            onChange={(kind?: LedgerEntryKind) => update({ kind })}
          />
          <DatePicker.RangePicker
            aria-label="日期范围"
            allowEmpty={[true, true]}
            value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
            onChange={(_, [from, to]) => update({ from: from || undefined, to: to || undefined })}
            style={{ width: 250, maxWidth: '100%' }}
          />
          <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出 .xlsx
          </Button>
        </Space>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <>
          {list.data && <Sums sums={list.data.sums} />}
          <ListTable<JournalEntry>
            rowKey="id"
            size="middle"
            columns={narrow ? narrowColumns(reach) : wideColumns(reach)}
            dataSource={list.data?.list}
            loading={list.isFetching}
            scroll={narrow ? undefined : { x: 1000 }}
            locale={{ emptyText: <Empty description={filtered ? '没有符合条件的流水' : '还没有记账'} /> }}
            pagination={listPagination({
              page: query.page,
              pageSize: PAGE_SIZE,
              total: list.data?.total,
              unit: (n) => (list.data?.more ? `超过 ${n} 笔，请缩小日期范围或输入关键词` : `共 ${n} 笔`),
              onPage: (page) => update({ page }),
            })}
          />
        </>
      )}
    </>
  );
}
