import type { InvoiceApplySummary } from '@yance/contracts/invoice';
import { INVOICE_KIND_NAMES, INVOICE_STATE_NAMES, INVOICE_STATES, type InvoiceState } from '@yance/contracts/invoice-states';
import type { Address } from '@yance/contracts/user';
import { formatFen } from '@yance/browser/format';
import { Button, Pagination, Popconfirm, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { downloadInvoice, useApplications, useWithdraw } from '../api/invoices.ts';
import { formatTime, STATE_COLORS } from '../utils/invoice-view.ts';
import { ApplicationDetail } from './application-detail.tsx';
import { ApplyDialog } from './apply-dialog.tsx';
import styles from './invoice.module.css';

type Tab = InvoiceState | 'all';
const TABS: Tab[] = ['all', ...INVOICE_STATES];
const isTab = (t: string | null): t is Tab => t !== null && (TABS as string[]).includes(t);

function Record({ a, onOpen }: { a: InvoiceApplySummary; onOpen: () => void }) {
  const withdraw = useWithdraw();
  return (
    <li className={styles.record} data-testid="invoice-application">
      <div className={styles.recordHead}>
        <span className={styles.no}>{a.no}</span>
        <span>{formatTime(a.createdAt)}</span>
        <span>{INVOICE_KIND_NAMES[a.kind]}</span>
        <Tag className={styles.state} color={STATE_COLORS[a.state]}>
          {INVOICE_STATE_NAMES[a.state]}
        </Tag>
      </div>
      <div className={styles.recordBody}>
        <div className={styles.recordMain}>
          <strong>{a.titleName}</strong>
          <span>订单 {a.labels.join('、')}</span>
          {a.invoiceNo && <span>发票号码 {a.invoiceNo}</span>}
          {a.rejectReason && (
            <span className={styles.reason}>
              {a.state === 'reversed' ? '红冲原因' : '驳回原因'}：{a.rejectReason}
            </span>
          )}
        </div>
        <span className={styles.amount}>{formatFen(a.amount_fen)}</span>
        <div className={styles.actions}>
          <Button size="small" onClick={onOpen}>
            详情
          </Button>
          {a.state === 'issued' && (
            <Button size="small" type="primary" onClick={() => void downloadInvoice(a.id, a.invoiceNo)}>
              下载发票
            </Button>
          )}
          {a.state === 'applied' && (
            <Popconfirm title="确定撤回该开票申请？" okText="撤回" cancelText="不撤回" onConfirm={() => withdraw.mutateAsync(a.id)}>
              <Button size="small" danger loading={withdraw.isPending}>
                撤回
              </Button>
            </Popconfirm>
          )}
        </div>
      </div>
    </li>
  );
}

/** /member/invoiceLs — 开票记录: the customer's applications by state (in the address), 申请开票, details, the invoice PDF. */
export function InvoiceApplications({ addresses }: { addresses: readonly Address[] }) {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = isTab(search.get('tab')) ? (search.get('tab') as Tab) : 'all';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useApplications(tab === 'all' ? undefined : tab, page);
  // ?apply= (an order's 申请开票, ADR 0062) opens the application at once.
  const [applying, setApplying] = useState(search.has('apply'));
  // Each 申请开票 starts a fresh form.
  const [round, setRound] = useState(0);
  const startApplying = () => {
    setRound((r) => r + 1);
    setApplying(true);
  };
  const [open, setOpen] = useState<number | null>(null);
  const go = (next: { tab?: Tab; page?: number }) => {
    const q = new URLSearchParams();
    const t = next.tab ?? tab;
    if (t !== 'all') q.set('tab', t);
    if (next.page && next.page > 1) q.set('page', String(next.page));
    setSearch(q);
  };

  return (
    <section className={styles.card} aria-labelledby="invoice-records-title">
      <div className={styles.head}>
        <h1 className={styles.title} id="invoice-records-title">
          开票记录
        </h1>
        <div>
          <Link to={paths.member('invoiceMg')} style={{ marginRight: 16 }}>
            发票抬头
          </Link>
          <Button type="primary" onClick={startApplying}>
            申请开票
          </Button>
        </div>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(k) => go({ tab: k as Tab })}
        items={TABS.map((t) => ({ key: t, label: t === 'all' ? '全部' : INVOICE_STATE_NAMES[t] }))}
      />
      {list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.data.list.length === 0 ? (
        <EmptyState description={tab === 'all' ? '还没有开票记录' : `没有${INVOICE_STATE_NAMES[tab]}的开票申请`}>
          {tab === 'all' && (
            <Button type="primary" onClick={startApplying}>
              申请开票
            </Button>
          )}
        </EmptyState>
      ) : (
        <>
          <ul className={styles.records} aria-busy={list.isPlaceholderData}>
            {list.data.list.map((a) => (
              <Record key={a.id} a={a} onOpen={() => setOpen(a.id)} />
            ))}
          </ul>
          {list.data.total > list.data.pageSize && (
            <Pagination
              current={page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              onChange={(p) => go({ page: p })}
              align="center"
            />
          )}
        </>
      )}
      <ApplyDialog
        key={round}
        open={applying}
        addresses={addresses}
        onClose={() => setApplying(false)}
        onApplied={(id) => {
          setApplying(false);
          go({ tab: 'all' });
          setOpen(id);
        }}
      />
      <ApplicationDetail id={open} onClose={() => setOpen(null)} />
    </section>
  );
}
