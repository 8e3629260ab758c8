import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Card, Checkbox, Col, Empty, Flex, Grid, Input, Row, Space, Statistic, Tabs, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import {
  adminReceivableQuery,
  RECEIVABLE_STATES,
  type AdminReceivable,
  type AdminReceivableList,
  type ReceivableState,
} from '@yance/contracts/journal';
import { LoadError } from '@/components/load-error.tsx';
import { OrderNoCell, OrderStateTag } from '@/components/order-state-tag.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const ALL = 'all';

interface ReceivableQuery {
  page: number;
  /** Absent: both states (全部). */
  state?: ReceivableState;
  kw: string;
  /** Only customers whose orders owe their credit limit or more. */
  over?: true;
}

const readQuery = (params: URLSearchParams): ReceivableQuery => ({
  page: int(params.get('page')) || 1,
  state: oneOf(params.get('state'), RECEIVABLE_STATES),
  kw: params.get('kw') ?? '',
  over: params.get('over') === 'true' || undefined,
});

/** 逾期 N 天, 今日到期, or the days still to go. */
function DueText({ days }: { days: number }) {
  if (days > 0) return <Typography.Text type="danger">逾期 {days} 天</Typography.Text>;
  if (days === 0) return <Typography.Text type="warning">今日到期</Typography.Text>;
  return <Typography.Text type="secondary">还有 {-days} 天</Typography.Text>;
}

const overLimit = (r: AdminReceivable) => r.creditLimitFen !== null && r.customerOwedFen >= r.creditLimitFen;

/** The customer's credit limit and what all their 待结算 and 欠款中 orders owe; a tag when that reaches it. */
function CreditCell({ r }: { r: AdminReceivable }) {
  return (
    <>
      <div>
        共欠 {formatFen(r.customerOwedFen)}
        {overLimit(r) && (
          <Tag color="red" style={{ marginInlineStart: 6 }}>
            已达额度
          </Tag>
        )}
      </div>
      <Typography.Text type="secondary">额度 {r.creditLimitFen === null ? '不限' : formatFen(r.creditLimitFen)}</Typography.Text>
    </>
  );
}

interface Reach {
  narrow: boolean;
  canOpenCustomer: boolean;
  canOpenOrder: boolean;
}

const columnsFor = ({ narrow, canOpenCustomer, canOpenOrder }: Reach): TableProps<AdminReceivable>['columns'] => [
  {
    title: '订单号',
    dataIndex: 'orderNo',
    width: 150,
    fixed: 'left',
    render: (no: string, r) => <OrderNoCell id={r.orderId} no={no} state={r.state} narrow={narrow} link={canOpenOrder} />,
  },
  {
    title: '欠款',
    dataIndex: 'owedFen',
    width: 110,
    align: 'right',
    render: (fen: number) => <Typography.Text strong>{formatFen(fen)}</Typography.Text>,
  },
  {
    title: '客户',
    key: 'customer',
    width: 170,
    render: (_: unknown, r) => {
      const { id, name, company, phone } = r.customer;
      const label = name || phone;
      return (
        <>
          <div>
            {canOpenCustomer ? <Link to={`/customers/${id}`}>{label}</Link> : label}
            {name && <Typography.Text type="secondary"> {phone}</Typography.Text>}
          </div>
          {company && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 154, fontSize: 12 }}>
              {company}
            </Typography.Text>
          )}
        </>
      );
    },
  },
  { title: '客户经理', dataIndex: 'managerName', width: 80, render: (v: string) => v || '未分配' },
  { title: '记账日期', dataIndex: 'billedAt', width: 100, render: (iso: string) => formatTime(iso).slice(0, 10) },
  {
    title: '到期日',
    dataIndex: 'dueDate',
    width: 110,
    render: (date: string, r) => (
      <>
        <div>{date}</div>
        <DueText days={r.daysPastDue} />
      </>
    ),
  },
  { title: '信用额度', key: 'credit', width: 170, render: (_: unknown, r) => <CreditCell r={r} /> },
  ...(narrow ? [] : [{ title: '状态', dataIndex: 'state', width: 80, render: (s: ReceivableState) => <OrderStateTag state={s} /> }]),
];

/** 待结算, 欠款中 and both: how many orders and what they owe, under the keyword and credit filters; on a phone one compact card. */
function Totals({ totals, narrow }: { totals: AdminReceivableList['totals']; narrow: boolean }) {
  const all = totals.reduce((n, t) => ({ orders: n.orders + t.orders, owedFen: n.owedFen + t.owedFen }), { orders: 0, owedFen: 0 });
  const cards = [...totals.map((t) => ({ key: t.state, label: ORDER_STATE_NAMES[t.state], ...t })), { key: ALL, label: '合计', ...all }];
  const red = (c: (typeof cards)[number]) => c.key === 'overdue' && c.owedFen > 0;
  if (narrow)
    return (
      <Card size="small" style={{ marginBottom: 16 }}>
        {cards.map((c) => (
          <Flex key={c.key} justify="space-between" data-testid={`receivable-total-${c.key}`}>
            <Typography.Text type="secondary">{`${c.label}（${c.orders} 单）`}</Typography.Text>
            <Typography.Text strong type={red(c) ? 'danger' : undefined}>
              {formatFen(c.owedFen)}
            </Typography.Text>
          </Flex>
        ))}
      </Card>
    );
  return (
    <Row gutter={12} style={{ marginBottom: 16 }}>
      {cards.map((c) => (
        <Col key={c.key} span={8}>
          <Card size="small" data-testid={`receivable-total-${c.key}`}>
            <Statistic
              title={`${c.label}（${c.orders} 单）`}
              value={formatFen(c.owedFen)}
              styles={{ content: red(c) ? { color: '#cf1322' } : {} }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * 应收账款 (/money/receivables): institutions' orders billed at 确认数据 and
 * not yet settled — 待结算 within the settlement days, 欠款中 past them — with
 * what each owes, its due date and the customer's credit (ADR 0050).
 */
export default function ReceivablesPage() {
  const { message } = App.useApp();
  const { data: me } = useMe();
  const [query, update] = useListQuery(readQuery);
  const narrow = !Grid.useBreakpoint().md;
  const list = useQuery({
    queryKey: ['adminReceivableList', query],
    queryFn: () =>
      call(
        'adminReceivableList',
        {
          query: {
            page: query.page,
            pageSize: PAGE_SIZE,
            state: query.state,
            keyword: query.kw || undefined,
            overCredit: query.over,
          },
        },
        { feedback: false },
      ),
    placeholderData: keepPreviousData,
  });
  const search = (raw: string) => {
    const kw = raw.trim();
    const checked = adminReceivableQuery.shape.keyword.safeParse(kw);
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message);
    update({ kw });
  };
  const count = (state: ReceivableState) => list.data?.totals.find((t) => t.state === state)?.orders;
  const tabLabel = (label: string, n: number | undefined) => (n === undefined ? label : `${label} ${n}`);
  const filtered = !!(query.kw || query.over);

  return (
    <>
      <PageTitle title="应收账款">
        <Space wrap>
          <Input.Search
            key={query.kw}
            defaultValue={query.kw}
            placeholder="订单号、手机号、姓名或单位"
            aria-label="搜索应收账款"
            allowClear
            maxLength={40}
            style={{ width: 270, maxWidth: '100%' }}
            onSearch={search}
          />
          <Checkbox checked={!!query.over} onChange={(e) => update({ over: e.target.checked || undefined })}>
            只看已达信用额度
          </Checkbox>
        </Space>
      </PageTitle>
      {list.data && <Totals totals={list.data.totals} narrow={narrow} />}
      <Tabs
        activeKey={query.state ?? ALL}
        onChange={(key) => update({ state: oneOf(key, RECEIVABLE_STATES) })}
        items={[
          { key: ALL, label: tabLabel('全部', list.data && (count('unsettled') ?? 0) + (count('overdue') ?? 0)) },
          ...RECEIVABLE_STATES.map((s) => ({ key: s, label: tabLabel(ORDER_STATE_NAMES[s], count(s)) })),
        ]}
      />
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminReceivable>
          rowKey="orderId"
          size="middle"
          columns={columnsFor({ narrow, canOpenCustomer: holds(me, 'customer.read'), canOpenOrder: holds(me, 'order.read') })}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: narrow ? 890 : 970 }}
          locale={{
            emptyText: (
              <Empty
                description={
                  filtered
                    ? '没有符合条件的应收账款'
                    : query.state
                      ? `没有${ORDER_STATE_NAMES[query.state]}的订单`
                      : '没有待结算或欠款中的订单'
                }
              />
            ),
          }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '单',
            onPage: (page) => update({ page }),
          })}
        />
      )}
    </>
  );
}
