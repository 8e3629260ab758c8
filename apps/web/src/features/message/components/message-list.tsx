import type { MessageEntry } from '@yance/contracts/message';
import { INVOICE_MESSAGE_KINDS } from '@yance/contracts/invoice-states';
import { Button, Segmented, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { NEXT_STEP_HREF, ORDER_NEXT_LABELS } from '@/config/order-next.ts';
import { ErrorState } from '@/components/error-state.tsx';
import { Pager } from '@/components/pager.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { useMessageList, useReadMessages } from '../api/messages.ts';
import styles from './message-list.module.css';

const PAGE_SIZE = 10;
const pad = (n: number) => String(n).padStart(2, '0');
/** 2026-11-25 09:30, in the reader's time. */
function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 我的消息 (ADR 0046): the customer's notices, newest first; unread ones marked, read one by one or all at once. */
export function MessageList() {
  const [search, setSearch] = useSearchParams();
  const unreadOnly = search.get('filter') === 'unread';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useMessageList({ page, pageSize: PAGE_SIZE, unread: unreadOnly });
  const read = useReadMessages();
  const go = (next: { unread?: boolean; page?: number }) => {
    const q = new URLSearchParams();
    if (next.unread ?? unreadOnly) q.set('filter', 'unread');
    if (next.page && next.page > 1) q.set('page', String(next.page));
    setSearch(q);
  };
  const unread = list.data?.unread ?? 0;

  return (
    <section className={styles.card} aria-labelledby="messages-title">
      <div className={styles.head}>
        <h1 className={styles.title} id="messages-title">
          我的消息
          {list.data && <span className={styles.count}>{unread > 0 ? `${unread} 条未读` : '没有未读消息'}</span>}
        </h1>
        <Segmented
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(v) => go({ unread: v === 'unread' })}
          options={[
            { label: '全部', value: 'all' },
            { label: '未读', value: 'unread' },
          ]}
        />
        <Button disabled={unread === 0} loading={read.isPending && read.variables?.all} onClick={() => read.mutate({ all: true })}>
          全部标为已读
        </Button>
      </div>
      {list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.data.list.length === 0 ? (
        <EmptyState description={unreadOnly ? '没有未读消息' : '暂无消息，订单有进展时会在这里通知您'} />
      ) : (
        <ul className={styles.list} aria-busy={list.isPlaceholderData}>
          {list.data.list.map((m) => (
            <MessageItem key={m.id} message={m} onRead={() => read.mutate({ ids: [m.id] })} />
          ))}
        </ul>
      )}
      {list.data && list.data.total > PAGE_SIZE && (
        <Pager
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          unit="条消息"
          onChange={(p) => go({ page: p })}
        />
      )}
    </section>
  );
}

/** One notice: title, time, text, the order's link (which reads it) and 标为已读. */
function MessageItem({ message, onRead }: { message: MessageEntry; onRead: () => void }) {
  return (
    <li className={`${styles.item} ${message.read ? '' : styles.unread}`} data-testid="message-item" data-read={message.read}>
      <span className={styles.dot} aria-hidden="true" />
      <div className={styles.body}>
        <div className={styles.line}>
          <h2 className={styles.itemTitle}>
            {!message.read && <span className="visually-hidden">未读：</span>}
            {message.title}
          </h2>
          <time className={styles.time} dateTime={message.createdAt}>
            {formatTime(message.createdAt)}
          </time>
        </div>
        <p className={styles.content}>{message.content}</p>
        <div className={styles.actions}>
          {message.orderId !== null &&
            message.next.map((step) => (
              // What the order waits for from the customer now (ADR 0062): the step, one click away.
              <Link
                key={step}
                className={`${styles.link} ${styles.step}`}
                to={NEXT_STEP_HREF[step](message.orderId!)}
                data-testid="message-next-step"
                onClick={() => !message.read && onRead()}
              >
                {ORDER_NEXT_LABELS[step]}
              </Link>
            ))}
          {message.orderId !== null && (
            <Link className={styles.link} to={paths.order(message.orderId)} onClick={() => !message.read && onRead()}>
              查看订单{message.orderNo ? ` ${message.orderNo}` : ''}
            </Link>
          )}
          {(INVOICE_MESSAGE_KINDS as readonly string[]).includes(message.kind) && (
            <Link className={styles.link} to={paths.member('invoiceLs')} onClick={() => !message.read && onRead()}>
              查看开票记录
            </Link>
          )}
          {!message.read && (
            <button type="button" className={styles.link} onClick={onRead}>
              标为已读
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
