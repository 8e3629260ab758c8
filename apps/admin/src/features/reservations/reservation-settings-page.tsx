import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Card, Form, InputNumber, Space, Switch, Tag, TimePicker, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import type { BookingInstrument } from '@yance/contracts/booking';
import {
  BOOKING_SCHEDULE_DEFAULTS,
  lengthText,
  minuteText,
  NO_SHOW_POLICY_DEFAULTS,
  scheduleError,
  WEEKDAY_NAMES,
  type BookingSchedule,
  type NoShowPolicy,
} from '@yance/contracts/booking-rules';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { dayjs } from '@/lib/time.ts';
import { ListTable } from '@/components/list-table.tsx';

/** Monday first, as people read a week. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const toDayjs = (m: number) => dayjs().startOf('day').add(m, 'minute');
const fromDayjs = (d: dayjs.Dayjs) => d.hour() * 60 + d.minute();
const hoursText = (s: BookingSchedule) =>
  WEEK.flatMap((d) => {
    const h = s.hours[d];
    return h ? [`${WEEKDAY_NAMES[d]} ${minuteText(h[0])}–${minuteText(h[1])}`] : [];
  }).join('；');

function ScheduleForm({ item, onSaved }: { item: BookingInstrument; onSaved: () => void }) {
  const { message } = App.useApp();
  const [s, setS] = useState<BookingSchedule>(item.schedule ?? BOOKING_SCHEDULE_DEFAULTS);
  const save = useWrite({
    mutationFn: () => call('adminReservationScheduleSave', { body: { deviceId: item.deviceId, schedule: s } }),
    onSuccess: () => {
      void message.success('已保存');
      onSaved();
    },
  });
  const problem = scheduleError(s);
  const set = (patch: Partial<BookingSchedule>) => setS({ ...s, ...patch });
  const num = (label: string, key: 'horizonDays' | 'minMinutes' | 'maxMinutes' | 'bookHoursBefore' | 'cancelHoursBefore', step = 1) => (
    <Form.Item label={label} required>
      <InputNumber aria-label={label} min={0} step={step} value={s[key]} onChange={(v) => set({ [key]: v ?? 0 })} />
    </Form.Item>
  );
  return (
    <Form layout="vertical" style={{ maxWidth: 720 }}>
      <Form.Item label="开放预约">
        <Switch aria-label="开放预约" checked={s.enabled} onChange={(enabled) => set({ enabled })} />
      </Form.Item>
      <Form.Item label="每周开放时间（半小时对齐）">
        <Space direction="vertical">
          {WEEK.map((d) => {
            const h = s.hours[d] ?? null;
            const hours = (next: [number, number] | null) => set({ hours: s.hours.map((x, i) => (i === d ? next : x)) });
            return (
              <Space key={d} wrap>
                <span style={{ width: 36, display: 'inline-block' }}>{WEEKDAY_NAMES[d]}</span>
                <Switch
                  size="small"
                  aria-label={`${WEEKDAY_NAMES[d]}开放`}
                  checked={!!h}
                  onChange={(on) => hours(on ? [540, 1080] : null)}
                />
                {h && (
                  <TimePicker.RangePicker
                    format="HH:mm"
                    minuteStep={30}
                    allowClear={false}
                    value={[toDayjs(h[0]), toDayjs(h[1])]}
                    onChange={(v) => v?.[0] && v[1] && hours([fromDayjs(v[0]), fromDayjs(v[1])])}
                  />
                )}
              </Space>
            );
          })}
        </Space>
      </Form.Item>
      <Space wrap size="large">
        {num('可提前预约天数', 'horizonDays')}
        {num('最短时长（分钟）', 'minMinutes', 30)}
        {num('最长时长（分钟）', 'maxMinutes', 30)}
        {num('最晚提前预约（小时）', 'bookHoursBefore')}
        {num('最晚提前取消（小时）', 'cancelHoursBefore')}
      </Space>
      <Form.Item label="允许客户当天自行取消">
        <Switch aria-label="允许当天取消" checked={s.sameDayCancel} onChange={(sameDayCancel) => set({ sameDayCancel })} />
      </Form.Item>
      {problem && <Typography.Paragraph type="danger">{problem}</Typography.Paragraph>}
      <Button type="primary" disabled={!!problem} loading={save.isPending} onClick={() => save.mutate()}>
        保存
      </Button>
    </Form>
  );
}

function PolicyCard() {
  const { message } = App.useApp();
  const policy = useQuery({
    queryKey: ['adminReservationPolicy'],
    queryFn: ({ signal }) => call('adminReservationPolicy', {}, { signal }),
  });
  const [draft, setDraft] = useState<NoShowPolicy>();
  const value = draft ?? policy.data ?? NO_SHOW_POLICY_DEFAULTS;
  const save = useWrite({
    mutationFn: () => call('adminReservationPolicySave', { body: value }),
    onSuccess: () => void message.success('已保存'),
  });
  const field = (label: string, key: keyof NoShowPolicy) => (
    <Form.Item label={label} required>
      <InputNumber aria-label={label} min={1} value={value[key]} onChange={(v) => setDraft({ ...value, [key]: v ?? 1 })} />
    </Form.Item>
  );
  return (
    <Card title="爽约规则" size="small" style={{ marginBottom: 16 }}>
      <Form layout="inline">
        {field('统计天数', 'windowDays')}
        {field('爽约次数', 'limit')}
        {field('暂停天数', 'suspendDays')}
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
          保存
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {value.windowDays}天内爽约达到{value.limit}次，暂停该客户预约{value.suspendDays}天。
      </Typography.Paragraph>
    </Card>
  );
}

/** 预约设置: each 现场预约 instrument's schedule, and the no-show rule. */
export default function ReservationSettingsPage() {
  const queries = useQueryClient();
  const list = useQuery({
    queryKey: ['adminReservationInstruments'],
    queryFn: ({ signal }) => call('adminReservationInstruments', {}, { signal }),
  });
  const [editing, setEditing] = useState<number>();
  const columns: TableProps<BookingInstrument>['columns'] = [
    { title: '项目', dataIndex: 'name', width: 160 },
    { title: '仪器', dataIndex: 'instrument', width: 160 },
    {
      title: '预约',
      key: 'schedule',
      render: (_: unknown, i) =>
        !i.schedule || !i.schedule.enabled ? (
          <Tag>未开放</Tag>
        ) : (
          <Typography.Text style={{ fontSize: 12 }}>
            {hoursText(i.schedule)}；提前{i.schedule.horizonDays}天；{lengthText(i.schedule.minMinutes)}–{lengthText(i.schedule.maxMinutes)}
            {i.schedule.sameDayCancel ? '' : '；当天不可自行取消'}
          </Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'edit',
      width: 80,
      render: (_: unknown, i) => (
        <Button size="small" onClick={() => setEditing(editing === i.deviceId ? undefined : i.deviceId)}>
          {editing === i.deviceId ? '收起' : '设置'}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageTitle title="预约设置">
        <span />
      </PageTitle>
      <PolicyCard />
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<BookingInstrument>
          rowKey="deviceId"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data}
          pagination={false}
          scroll={{ x: 700 }}
          expandable={{
            expandedRowKeys: editing ? [editing] : [],
            showExpandColumn: false,
            expandedRowRender: (i) => (
              <ScheduleForm
                key={i.deviceId}
                item={i}
                onSaved={() => {
                  setEditing(undefined);
                  void queries.invalidateQueries({ queryKey: ['adminReservationInstruments'] });
                }}
              />
            ),
          }}
        />
      )}
    </>
  );
}
