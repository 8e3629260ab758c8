import { Alert, Button, Calendar, Card, Checkbox, Flex, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { labCalendar, type LabCalendarSetting } from '@yance/contracts/setting';
import { DEFAULT_LAB_CALENDAR, isWorkingDay } from '@yance/contracts/turnaround';
import { LoadError } from '@/components/load-error.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { dayjs } from '@/lib/time.ts';
import { LabReviewCard } from './lab-review-card.tsx';
import { WEEKDAYS } from './sampling-days.ts';
import { useSaveSetting, useSettings } from './use-settings.ts';

/** 工作日历: the lab's working days, which the turnaround estimate (预计N个工作日出结果) and due dates count on. */
export default function LabCalendarPage() {
  const settings = useSettings();
  if (settings.isError) return <LoadError error={settings.error} retry={() => void settings.refetch()} />;
  if (settings.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <>
      <LabCalendarForm stored={settings.data.labCalendar} />
      <Flex style={{ marginTop: 16 }}>
        <LabReviewCard stored={settings.data.labReview} />
      </Flex>
    </>
  );
}

const without = (list: readonly string[], day: string) => list.filter((d) => d !== day);

/**
 * A click flips a date against its weekday: a working weekday becomes a
 * holiday, a weekend day a make-up working day (调休), and back again.
 */
export function toggleLabDay(value: LabCalendarSetting, day: string): LabCalendarSetting {
  if (value.holidays.includes(day)) return { ...value, holidays: without(value.holidays, day) };
  if (value.makeupDays.includes(day)) return { ...value, makeupDays: without(value.makeupDays, day) };
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return value.workdays.includes(weekday)
    ? { ...value, holidays: [...value.holidays, day].sort() }
    : { ...value, makeupDays: [...value.makeupDays, day].sort() };
}

const LOOK = {
  work: { background: 'transparent', color: 'inherit', label: '工作日' },
  rest: { background: '#f0f0f0', color: 'rgba(0,0,0,0.35)', label: '休息日' },
  holiday: { background: '#ff4d4f', color: '#fff', label: '节假日' },
  makeup: { background: '#52c41a', color: '#fff', label: '调休上班' },
} as const;

function lookOf(value: LabCalendarSetting, day: string): keyof typeof LOOK {
  if (value.holidays.includes(day)) return 'holiday';
  if (value.makeupDays.includes(day)) return 'makeup';
  return isWorkingDay(day, value) ? 'work' : 'rest';
}

function LabCalendarForm({ stored }: { stored: LabCalendarSetting | null }) {
  const [value, setValue] = useState<LabCalendarSetting>(
    () => stored ?? { workdays: [...DEFAULT_LAB_CALENDAR.workdays], holidays: [], makeupDays: [] },
  );
  const [month, setMonth] = useState(() => dayjs());
  const [error, setError] = useState('');
  const save = useSaveSetting((v: LabCalendarSetting) => call('settingLabCalendarSave', { body: { labCalendar: v } }));
  const change = (next: LabCalendarSetting) => {
    setValue(next);
    setError('');
    save.reset();
  };
  const submit = () => {
    const parsed = labCalendar.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '[工作日历]格式不正确');
    save.mutate(parsed.data);
  };
  const today = dayjs().startOf('day');
  const upcoming = (list: readonly string[]) => list.filter((d) => d >= today.format('YYYY-MM-DD')).length;
  return (
    <>
      <PageTitle title="工作日历">
        <HistoryButton objectType="setting" objectId="labCalendar" title="工作日历" />
      </PageTitle>
      {!stored && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="工作日历尚未保存，以下为默认值（周一至周五）。" />}
      <Flex gap={16} wrap align="flex-start">
        <Card title="节假日与调休" style={{ flex: '1 1 320px', maxWidth: 420 }}>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            点击日期切换：工作日设为节假日，休息日设为调休上班，再点一次恢复。预计出结果时间与到期日按此计算。
          </Typography.Paragraph>
          <Calendar
            fullscreen={false}
            value={month}
            onPanelChange={(d) => setMonth(d)}
            onSelect={(d: Dayjs, info) => {
              setMonth(d);
              if (info.source === 'date') change(toggleLabDay(value, d.format('YYYY-MM-DD')));
            }}
            fullCellRender={(d, info) => {
              if (info.type !== 'date') return info.originNode;
              const key = d.format('YYYY-MM-DD');
              const state = lookOf(value, key);
              const look = LOOK[state];
              return (
                <div
                  data-testid={`lab-day-${key}`}
                  data-state={state}
                  title={`${key} ${look.label}`}
                  style={{
                    margin: '0 auto',
                    width: 30,
                    height: 30,
                    lineHeight: '30px',
                    borderRadius: 6,
                    background: look.background,
                    color: d.month() === month.month() ? look.color : 'rgba(0,0,0,0.25)',
                    outline: d.isSame(today, 'day') ? '1px solid #1677ff' : undefined,
                  }}
                >
                  {d.date()}
                </div>
              );
            }}
          />
          <Flex gap={12} wrap style={{ marginTop: 8, fontSize: 12 }}>
            {(['rest', 'holiday', 'makeup'] as const).map((s) => (
              <Flex key={s} gap={4} align="center">
                <span style={{ width: 12, height: 12, borderRadius: 3, background: LOOK[s].background, border: '1px solid #d9d9d9' }} />
                <Typography.Text type="secondary">{LOOK[s].label}</Typography.Text>
              </Flex>
            ))}
          </Flex>
        </Card>
        <Card title="每周工作日" style={{ flex: '1 1 320px' }}>
          <Checkbox.Group
            options={WEEKDAYS}
            value={[...value.workdays]}
            onChange={(days) => change({ ...value, workdays: [...days].sort() })}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            今后的节假日 {upcoming(value.holidays)} 天，调休上班 {upcoming(value.makeupDays)} 天。
          </Typography.Paragraph>
          {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} />}
          <Button type="primary" loading={save.isPending} onClick={submit}>
            保存
          </Button>
        </Card>
      </Flex>
    </>
  );
}
