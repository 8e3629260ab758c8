import { LEDGER_ENTRY_NAMES, type LedgerEntryKind } from '@yance/contracts/ledger';
import type { StatementLine } from '@yance/contracts/prestore';
import { formatFen, signedFen } from '@yance/browser/format';
import { DatePicker, Grid, Pagination, Select, Skeleton, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useStatement } from '../api/prestore.ts';
import { formatTime, STATEMENT_KINDS } from '../utils/money-view.ts';
import styles from './money.module.css';

// The range picker's month and weekday names.
dayjs.locale('zh-cn');

const PAGE_SIZE = 10;
type Range = [Dayjs | null, Dayjs | null] | null;

const Amount = ({ fen }: { fen: number }) => <span className={fen > 0 ? styles.in : styles.out}>{signedFen(fen)}</span>;

/** 余额明细: every movement of the balance with the balance after it; by type and date range, a page at a time. */
export function StatementCard() {
  const [kind, setKind] = useState<LedgerEntryKind | undefined>();
  const [range, setRange] = useState<Range>(null);
  const [page, setPage] = useState(1);
  const narrow = !Grid.useBreakpoint().md;
  const statement = useStatement({
    page,
    pageSize: PAGE_SIZE,
    kind,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
  });
  const filtered = kind !== undefined || range !== null;

  let body;
  if (statement.isError) body = <ErrorState message={statement.error.message} onRetry={() => void statement.refetch()} />;
  else if (!statement.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (statement.data.list.length === 0) body = <EmptyState description={filtered ? '没有符合条件的明细' : '暂无余额变动'} />;
  else if (narrow)
    body = (
      <ul className={styles.rows} aria-busy={statement.isPlaceholderData}>
        {statement.data.list.map((l) => (
          <li key={l.id} className={styles.row} data-testid="statement-line">
            <div className={styles.rowMain}>
              <strong>{LEDGER_ENTRY_NAMES[l.kind]}</strong>
              <span className={styles.muted}>{l.memo}</span>
              <span className={styles.muted}>{formatTime(l.createdAt)}</span>
            </div>
            <div className={styles.rowSide}>
              <Amount fen={l.amountFen} />
              <span className={styles.muted}>余额 {formatFen(l.balanceAfterFen)}</span>
            </div>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<StatementLine>
        rowKey="id"
        size="middle"
        dataSource={statement.data.list}
        loading={statement.isPlaceholderData}
        pagination={false}
        onRow={() => ({ 'data-testid': 'statement-line' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 150, render: (v: string) => <span className={styles.num}>{formatTime(v)}</span> },
          { title: '类型', dataIndex: 'kind', width: 110, render: (k: LedgerEntryKind) => LEDGER_ENTRY_NAMES[k] },
          { title: '说明', dataIndex: 'memo' },
          { title: '金额', dataIndex: 'amountFen', align: 'right', width: 130, render: (v: number) => <Amount fen={v} /> },
          {
            title: '余额',
            dataIndex: 'balanceAfterFen',
            align: 'right',
            width: 130,
            render: (v: number) => <span className={styles.num}>{formatFen(v)}</span>,
          },
        ]}
      />
    );

  return (
    <section className={styles.card} aria-labelledby="statement-title">
      <div className={styles.head}>
        <h2 className={styles.cardTitle} id="statement-title">
          余额明细
        </h2>
        <div className={styles.filters}>
          <Select
            allowClear
            placeholder="全部类型"
            aria-label="类型"
            value={kind}
            onChange={(k?: LedgerEntryKind) => {
              setKind(k);
              setPage(1);
            }}
            options={STATEMENT_KINDS.map((k) => ({ value: k, label: LEDGER_ENTRY_NAMES[k] }))}
            style={{ width: 130 }}
          />
          <DatePicker.RangePicker
            value={range}
            onChange={(r) => {
              setRange(r);
              setPage(1);
            }}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            aria-label="日期范围"
            style={{ width: narrow ? '100%' : 260 }}
          />
        </div>
      </div>
      {body}
      {statement.data && statement.data.total > PAGE_SIZE && (
        <Pagination
          align="center"
          size={narrow ? 'small' : 'medium'}
          current={page}
          pageSize={PAGE_SIZE}
          total={statement.data.total}
          onChange={setPage}
          showSizeChanger={false}
          showTotal={(n) => `共 ${n} 条`}
        />
      )}
    </section>
  );
}
