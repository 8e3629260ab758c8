import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Grid, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { LEDGER_ENTRY_NAMES, type LedgerEntryKind } from '@yance/contracts/ledger';
import type { StatementLine } from '@yance/contracts/prestore';
import { formatTime } from '@/lib/time.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 10;

const OrderLink = ({ id, canOpen }: { id: number; canOpen: boolean }) =>
  canOpen ? <Link to={`/orders/${id}`}>查看订单</Link> : <>订单 #{id}</>;

const Signed = ({ fen }: { fen: number }) => (
  <Typography.Text type={fen < 0 ? 'danger' : 'success'}>
    {fen > 0 ? '+' : ''}
    {formatFen(fen)}
  </Typography.Text>
);

const wideColumns = (canOpenOrder: boolean): TableProps<StatementLine>['columns'] => [
  { title: '时间', dataIndex: 'createdAt', width: 165, render: formatTime },
  { title: '类型', dataIndex: 'kind', width: 140, render: (k: LedgerEntryKind) => LEDGER_ENTRY_NAMES[k] },
  {
    title: '说明',
    dataIndex: 'memo',
    render: (memo: string, l) => (
      <>
        {memo || '—'}
        {l.orderId !== null && (
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            <OrderLink id={l.orderId} canOpen={canOpenOrder} />
          </Typography.Text>
        )}
      </>
    ),
  },
  { title: '金额', dataIndex: 'amountFen', width: 120, align: 'right', render: (fen: number) => <Signed fen={fen} /> },
  { title: '余额', dataIndex: 'balanceAfterFen', width: 120, align: 'right', render: (fen: number) => formatFen(fen) },
];

/** On a phone: what and when in one column, the amount and the balance after it in the other. */
const narrowColumns = (canOpenOrder: boolean): TableProps<StatementLine>['columns'] => [
  {
    title: '明细',
    key: 'what',
    render: (_: unknown, l) => (
      <>
        <div>{LEDGER_ENTRY_NAMES[l.kind]}</div>
        {l.memo && <div style={{ fontSize: 12 }}>{l.memo}</div>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(l.createdAt)}
          {l.orderId !== null && (
            <>
              {' '}
              <OrderLink id={l.orderId} canOpen={canOpenOrder} />
            </>
          )}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '金额 / 余额',
    key: 'amount',
    width: 120,
    align: 'right',
    render: (_: unknown, l) => (
      <>
        <Signed fen={l.amountFen} />
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatFen(l.balanceAfterFen)}
          </Typography.Text>
        </div>
      </>
    ),
  },
];

const statementKey = (userId: number, page: number) => ['adminLedgerStatement', userId, page] as const;
const fetchPage = (userId: number, page: number) =>
  call('adminLedgerStatement', { query: { userId, page, pageSize: PAGE_SIZE } }, { feedback: false });

/**
 * 预存余额明细: every movement of the customer's prestore balance, newest
 * first, each with the balance after it; the newest line's is the balance now.
 */
export function PrestoreStatementCard({ userId, canOpenOrder }: { userId: number; canOpenOrder: boolean }) {
  const [page, setPage] = useState(1);
  const narrow = !Grid.useBreakpoint().md;
  // Page 1 gives the balance now; on page 1 it is the list's own query (one request).
  const first = useQuery({ queryKey: statementKey(userId, 1), queryFn: () => fetchPage(userId, 1) });
  const list = useQuery({
    queryKey: statementKey(userId, page),
    queryFn: () => fetchPage(userId, page),
    placeholderData: keepPreviousData,
  });
  const balance = first.data ? (first.data.list[0]?.balanceAfterFen ?? 0) : null;
  return (
    <Card
      title="预存余额明细"
      size="small"
      extra={
        balance !== null && (
          <span data-testid="prestore-balance">
            当前余额 <Typography.Text strong>{formatFen(balance)}</Typography.Text>
          </span>
        )
      }
    >
      {list.isError ? (
        <Typography.Text type="danger">余额明细加载失败：{list.error.message}</Typography.Text>
      ) : (
        <div data-testid="prestore-statement">
          <ListTable<StatementLine>
            rowKey="id"
            size="small"
            columns={narrow ? narrowColumns(canOpenOrder) : wideColumns(canOpenOrder)}
            dataSource={list.data?.list}
            loading={list.isFetching}
            scroll={narrow ? undefined : { x: 700 }}
            locale={{ emptyText: '还没有余额变动' }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setPage,
            }}
          />
        </div>
      )}
    </Card>
  );
}
