import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Grid, Input, Select, Space, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { TOPUP_METHODS, TOPUP_STATES, type TopupMethod, type TopupState } from '@yance/contracts/ledger';
import { adminTopupQuery, type AdminTopup } from '@yance/contracts/topup';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { TopupAnswerDialog, type TopupAnswer } from './topup-answer-dialog.tsx';
import { TopupDrawer } from './topup-drawer.tsx';
import { ALL, maskPhone, METHOD_OPTIONS, MethodText, STATE_OPTIONS, TopupStateTag } from './topup-labels.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

interface TopupQuery {
  page: number;
  /** 待到账 unless the address says otherwise: the room is where transfers wait for finance. */
  state: TopupState | typeof ALL;
  method?: TopupMethod;
  kw: string;
}

const readQuery = (params: URLSearchParams): TopupQuery => ({
  page: int(params.get('page')) || 1,
  state: oneOf(params.get('state'), [...TOPUP_STATES, ALL]) ?? 'pending',
  method: oneOf(params.get('method'), TOPUP_METHODS),
  kw: params.get('kw') ?? '',
});

interface ColumnOptions {
  narrow: boolean;
  canOpenCustomer: boolean;
  canAnswer: boolean;
  open: (t: AdminTopup) => void;
}

const customerCell = (t: AdminTopup, canOpenCustomer: boolean) => {
  const masked = maskPhone(t.phone);
  return (
    <>
      <div>{canOpenCustomer ? <Link to={`/customers/${t.userId}`}>{t.customer}</Link> : t.customer}</div>
      {t.customer !== masked && <Typography.Text type="secondary">{masked}</Typography.Text>}
    </>
  );
};

/** The day, and the time below it: the row keeps every column in view on a laptop. */
const TwoLineTime = ({ iso }: { iso: string }) => {
  const [day, time] = formatTime(iso).split(' ');
  return (
    <>
      <div>{day}</div>
      <Typography.Text type="secondary">{time}</Typography.Text>
    </>
  );
};

const AMOUNT: NonNullable<TableProps<AdminTopup>['columns']>[number] = {
  title: '金额',
  dataIndex: 'amountFen',
  width: 110,
  align: 'right',
  render: (fen: number) => formatFen(fen),
};

/** The columns; on a phone the state sits under the number, in the column that stays in view. */
const columnsFor = ({ narrow, canOpenCustomer, canAnswer, open }: ColumnOptions): TableProps<AdminTopup>['columns'] => [
  {
    title: '充值单号',
    dataIndex: 'no',
    width: 150,
    fixed: 'left',
    render: (no: string, t) => (
      <>
        <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => open(t)}>
          {no}
        </Button>
        {narrow && (
          <div style={{ marginTop: 4 }}>
            <TopupStateTag state={t.state} />
          </div>
        )}
      </>
    ),
  },
  // On a phone the amount comes right after the number, so what finance checks first stays in view.
  ...(narrow ? [AMOUNT] : []),
  { title: '客户', key: 'customer', width: 110, render: (_: unknown, t) => customerCell(t, canOpenCustomer) },
  { title: '方式', key: 'method', width: 90, render: (_: unknown, t) => <MethodText t={t} /> },
  ...(narrow ? [] : [AMOUNT]),
  { title: '赠送', dataIndex: 'bonusFen', width: 100, align: 'right', render: (fen: number) => (fen ? formatFen(fen) : '—') },
  { title: '付款户名', dataIndex: 'payer', width: 120, ellipsis: true, render: (v: string) => v || '—' },
  ...(narrow ? [] : [{ title: '状态', dataIndex: 'state', width: 76, render: (s: TopupState) => <TopupStateTag state={s} /> }]),
  { title: '提交时间', dataIndex: 'createdAt', width: 100, render: (iso: string) => <TwoLineTime iso={iso} /> },
  { title: '处理人', dataIndex: 'staffName', width: 76, render: (v: string) => v || '—' },
  {
    title: '操作',
    key: 'actions',
    width: 72,
    fixed: narrow ? undefined : 'right',
    render: (_: unknown, t) => {
      const waiting = canAnswer && t.method === 'transfer' && t.state === 'pending';
      return (
        <Button size="small" type={waiting ? 'primary' : 'default'} onClick={() => open(t)}>
          {waiting ? '审核' : '查看'}
        </Button>
      );
    },
  },
];

/**
 * 充值审核 (/money/topups): top-ups by state (待到账 first), method and a
 * number or phone; a row opens its drawer with the transfer's receipt, where
 * finance confirms or rejects it.
 */
export default function TopupsPage() {
  const { message } = App.useApp();
  const { data: me } = useMe();
  const [query, update] = useListQuery(readQuery);
  const [opened, setOpened] = useState<AdminTopup | null>(null);
  const [answering, setAnswering] = useState<TopupAnswer | null>(null);
  const narrow = !Grid.useBreakpoint().md;
  const canAnswer = holds(me, 'prestore.confirm');
  const canOpenCustomer = holds(me, 'customer.read');
  const list = useQuery({
    queryKey: ['adminTopupList', query],
    queryFn: () =>
      call(
        'adminTopupList',
        {
          query: {
            page: query.page,
            pageSize: PAGE_SIZE,
            state: query.state === ALL ? undefined : query.state,
            method: query.method,
            keyword: query.kw || undefined,
          },
        },
        { feedback: false },
      ),
    placeholderData: keepPreviousData,
  });
  const search = (raw: string) => {
    const kw = raw.trim();
    const checked = adminTopupQuery.shape.keyword.safeParse(kw);
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message);
    update({ kw });
  };
  const filtered = !!(query.kw || query.method || query.state !== ALL);
  const done = () => {
    setAnswering(null);
    setOpened(null);
  };

  return (
    <>
      <PageTitle title="充值审核">
        <Space wrap>
          <Input.Search
            key={query.kw}
            defaultValue={query.kw}
            placeholder="充值单号或手机号"
            aria-label="搜索充值单"
            allowClear
            maxLength={40}
            style={{ width: 220, maxWidth: '100%' }}
            onSearch={search}
          />
          <Select
            aria-label="充值状态"
            options={STATE_OPTIONS}
            style={{ width: 110 }}
            value={query.state}
            onChange={(state: TopupQuery['state']) => update({ state })}
          />
          <Select
            aria-label="充值方式"
            placeholder="全部方式"
            allowClear
            options={METHOD_OPTIONS}
            style={{ width: 120 }}
            value={query.method}
            onChange={(method?: TopupMethod) => update({ method })}
          />
        </Space>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminTopup>
          rowKey="id"
          size="middle"
          columns={columnsFor({ narrow, canOpenCustomer, canAnswer, open: setOpened })}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: (
              <Empty
                description={
                  query.state === 'pending' && !query.kw ? '没有待到账的充值' : filtered ? '没有符合条件的充值单' : '还没有充值单'
                }
              />
            ),
          }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '笔',
            onPage: (page) => update({ page }),
          })}
        />
      )}
      <TopupDrawer
        topup={opened}
        canAnswer={canAnswer}
        canOpenCustomer={canOpenCustomer}
        onAnswer={setAnswering}
        onClose={() => setOpened(null)}
      />
      {opened && answering && <TopupAnswerDialog topup={opened} action={answering} onClose={() => setAnswering(null)} onDone={done} />}
    </>
  );
}
