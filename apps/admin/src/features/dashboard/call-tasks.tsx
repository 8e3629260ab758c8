import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Card, Popconfirm, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { CALL_WITHIN_HOURS, type CallTask } from '@yance/contracts/call-task';
import { LoadError } from '@/components/load-error.tsx';
import { dayjs } from '@/lib/time.ts';
import { ListTable } from '@/components/list-table.tsx';

const KEY = ['orderCallTasks'] as const;

/** Minutes left until dueAt (negative once overdue), 已超时 in red. */
function TimeLeft({ dueAt, now }: { dueAt: string; now: number }) {
  const minutes = Math.floor((new Date(dueAt).getTime() - now) / 60_000);
  if (minutes < 0) {
    const late = -minutes;
    return (
      <Typography.Text type="danger" strong data-testid="call-overdue">
        已超时 {late >= 60 ? `${Math.floor(late / 60)}小时${late % 60}分` : `${late}分钟`}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type={minutes < 30 ? 'warning' : undefined}>
      剩余 {minutes >= 60 ? `${Math.floor(minutes / 60)}小时${minutes % 60}分` : `${minutes}分钟`}
    </Typography.Text>
  );
}

/**
 * 待致电客户 (ADR 0046): received orders whose manager has not called yet,
 * oldest first, with the time left of the 2 hours; 已致电 records the call on
 * the order's timeline. A manager sees their own customers' orders.
 */
export function CallTasks() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => call('orderCallTasks', {}, { feedback: false }), refetchInterval: 60_000 });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  const called = useWrite({
    mutationFn: (orderId: number) => call('orderCalled', { body: { orderId } }),
    onSuccess: (task) => {
      void message.success(`已记录对订单 ${task.orderNo} 的致电`);
      queryClient.setQueryData(KEY, (old: { list: CallTask[] } | undefined) =>
        old ? { list: old.list.filter((x) => x.orderId !== task.orderId) } : old,
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <Card
      title={`待致电客户（收样后${CALL_WITHIN_HOURS}小时内）`}
      style={{ marginBottom: 16 }}
      data-testid="call-tasks"
      extra={q.data ? <Typography.Text type="secondary">{q.data.list.length} 个订单</Typography.Text> : null}
    >
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : (
        <ListTable<CallTask>
          rowKey="orderId"
          size="small"
          loading={q.isPending}
          dataSource={q.data?.list ?? []}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: '没有待致电的订单' }}
          columns={[
            { title: '订单号', dataIndex: 'orderNo', render: (no: string, r) => <Link to={`/orders/${r.orderId}`}>{no}</Link> },
            {
              title: '客户',
              render: (_, r) => (
                <>
                  {r.customerName}
                  {r.company && <Typography.Text type="secondary"> · {r.company}</Typography.Text>}
                </>
              ),
            },
            { title: '电话', dataIndex: 'customerPhone', render: (p: string) => <a href={`tel:${p}`}>{p}</a> },
            { title: '收样时间', dataIndex: 'receivedAt', render: (at: string) => dayjs(at).format('MM-DD HH:mm') },
            { title: '时限', dataIndex: 'dueAt', render: (due: string) => <TimeLeft dueAt={due} now={now} /> },
            {
              title: '操作',
              fixed: 'right',
              render: (_, r) => (
                <Popconfirm
                  title="确认已致电客户？"
                  description="将记录在订单时间线上"
                  okText="已致电"
                  cancelText="取消"
                  onConfirm={() => called.mutateAsync(r.orderId)}
                >
                  <Button size="small" type="primary" loading={called.isPending && called.variables === r.orderId}>
                    已致电
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
