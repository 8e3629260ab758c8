import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, DatePicker, Empty, Grid, Popconfirm, Select, Space, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, call } from '@yance/browser/api-client';
import { ErrorCode } from '@yance/contracts/codes';
import type { AdminReservation } from '@yance/contracts/booking';
import { chinaToday } from '@yance/contracts/booking-rules';
import { BOOKING_STATE_NAMES, BOOKING_TRANSITIONS, type BookingAction, type BookingState } from '@yance/contracts/booking-states';
import { formatFen } from '@yance/browser/format';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { dayjs, formatTime } from '@/lib/time.ts';
import { ListTable } from '@/components/list-table.tsx';

/** Each action of the room is its own call (and permission on the server). */
const MOVES = {
  checkIn: 'adminReservationCheckIn',
  complete: 'adminReservationComplete',
  noShow: 'adminReservationNoShow',
  cancel: 'adminReservationCancel',
} as const satisfies Record<BookingAction, string>;

const STATE_COLORS: Record<BookingState, string> = {
  booked: 'blue',
  checkedIn: 'cyan',
  completed: 'green',
  cancelled: 'default',
  noShow: 'red',
};
/** The actions that need a second thought. */
const CONFIRM: Partial<Record<BookingAction, string>> = {
  noShow: '标记爽约？累计达到次数将暂停该客户的预约资格',
  cancel: '取消这次预约？时段将释放',
};

function Actions({ r, onMoved }: { r: AdminReservation; onMoved: () => void }) {
  const { message } = App.useApp();
  const move = useWrite({
    mutationFn: (action: BookingAction) => call(MOVES[action], { body: { id: r.id, expect: r.state } }),
    onSuccess: (_, action) => {
      void message.success(`已${BOOKING_TRANSITIONS[action].label}`);
      onMoved();
    },
    // Someone moved it first: the room reloads so the operator sees where it is now (the call's toast says why).
    onError: (err) => {
      if (err instanceof ApiError && err.code === ErrorCode.CONFLICT) onMoved();
    },
  });
  if (r.actions.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space wrap size={4}>
      {r.actions.map((a) => {
        const button = (
          <Button
            key={a}
            size="small"
            type={a === 'checkIn' || a === 'complete' ? 'primary' : 'default'}
            danger={a === 'noShow'}
            loading={move.isPending && move.variables === a}
            onClick={CONFIRM[a] ? undefined : () => move.mutate(a)}
          >
            {BOOKING_TRANSITIONS[a].label}
          </Button>
        );
        const confirm = CONFIRM[a];
        return confirm ? (
          <Popconfirm key={a} title={confirm} okText="确定" cancelText="返回" onConfirm={() => move.mutate(a)}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
    </Space>
  );
}

/** 预约室 (?date= opens another day): the day's bookings per instrument, with check-in, complete, 爽约 and cancel from the one transition table. */
export default function ReservationRoomPage() {
  const asked = useSearchParams()[0].get('date');
  const [date, setDate] = useState(() => (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : chinaToday(new Date())));
  const [deviceId, setDeviceId] = useState<number>();
  const queries = useQueryClient();
  const narrow = !Grid.useBreakpoint().md;
  const key = ['adminReservationDay', date, deviceId] as const;
  const day = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call('adminReservationDay', { query: deviceId ? { date, deviceId } : { date } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queries.invalidateQueries({ queryKey: ['adminReservationDay'] });
  const names = new Map(day.data?.instruments.map((i) => [i.deviceId, i.name]));

  const columns: TableProps<AdminReservation>['columns'] = [
    {
      title: '时段',
      key: 'time',
      width: narrow ? 110 : 120,
      fixed: 'left',
      render: (_: unknown, r) => (
        <>
          <strong>
            {r.start}–{r.end}
          </strong>
          {narrow && (
            <div>
              <Tag color={STATE_COLORS[r.state]}>{BOOKING_STATE_NAMES[r.state]}</Tag>
            </div>
          )}
        </>
      ),
    },
    { title: '仪器', key: 'device', width: 150, render: (_: unknown, r) => (r.deviceId ? (names.get(r.deviceId) ?? r.name) : r.name) },
    {
      title: '客户',
      key: 'customer',
      width: 170,
      render: (_: unknown, r) => (
        <>
          <div>
            {r.customer || '未填写'} <Typography.Text type="secondary">{r.phone}</Typography.Text>
          </div>
          {r.suspendedUntil && <Tag color="red">暂停预约至 {formatTime(r.suspendedUntil).slice(0, 16)}</Tag>}
        </>
      ),
    },
    ...(narrow
      ? []
      : [
          {
            title: '状态',
            key: 'state',
            width: 90,
            render: (_: unknown, r: AdminReservation) => <Tag color={STATE_COLORS[r.state]}>{BOOKING_STATE_NAMES[r.state]}</Tag>,
          },
        ]),
    { title: '费用', key: 'amount', width: 100, render: (_: unknown, r) => (r.amount_fen === null ? '待报价' : formatFen(r.amount_fen)) },
    {
      title: '备注 / 记录',
      key: 'note',
      ellipsis: true,
      render: (_: unknown, r) => {
        const last = r.history.at(-1);
        return (
          <>
            {r.remark && <div>{r.remark}</div>}
            {last && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {last.actor} {last.label}
                {last.note && `：${last.note}`}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    { title: '操作', key: 'actions', width: 190, render: (_: unknown, r) => <Actions r={r} onMoved={reload} /> },
  ];

  return (
    <>
      <PageTitle title="预约室">
        <Space wrap>
          <DatePicker aria-label="日期" allowClear={false} value={dayjs(date)} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
          <Select
            aria-label="仪器"
            allowClear
            placeholder="全部仪器"
            style={{ width: 200 }}
            value={deviceId}
            onChange={setDeviceId}
            options={day.data?.instruments.map((i) => ({ value: i.deviceId, label: i.name }))}
          />
        </Space>
      </PageTitle>
      {day.isError ? (
        <LoadError error={day.error} retry={() => void day.refetch()} />
      ) : (
        <ListTable<AdminReservation>
          rowKey="id"
          size="middle"
          loading={day.isFetching}
          columns={columns}
          dataSource={day.data?.list}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty description="当天没有预约" /> }}
        />
      )}
    </>
  );
}
