import { Calendar, Flex, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { SamplingSetting } from '@yance/contracts/setting';
import { dayjs } from '@/lib/time.ts';
import { closedSlotsOn, dayState, type DayState } from './sampling-days.ts';

const LOOK: Record<DayState, { background: string; color: string; label: string }> = {
  open: { background: 'transparent', color: 'inherit', label: '可取样' },
  closed: { background: '#ff4d4f', color: '#fff', label: '不可取样' },
  weekClosed: { background: '#f0f0f0', color: 'rgba(0,0,0,0.35)', label: '按星期不可取样' },
  exception: { background: '#52c41a', color: '#fff', label: '例外开放' },
};

/** The pick-up calendar: each date coloured by how the storefront will read it; clicking a date toggles it. */
export function SamplingCalendar({ value, onToggle }: { value: SamplingSetting; onToggle: (d: Dayjs) => void }) {
  const [month, setMonth] = useState(() => dayjs());
  const today = dayjs().startOf('day');
  return (
    <>
      <Calendar
        fullscreen={false}
        value={month}
        onPanelChange={(d) => setMonth(d)}
        onSelect={(d, info) => {
          setMonth(d);
          if (info.source === 'date') onToggle(d);
        }}
        disabledDate={(d) => d.isBefore(today)}
        fullCellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const key = d.format('YYYY-MM-DD');
          const state = dayState(value, d);
          const slots = closedSlotsOn(value, key).length;
          const look = LOOK[state];
          return (
            <div
              data-testid={`day-${key}`}
              data-state={state}
              title={`${key} ${look.label}${slots ? `，关闭 ${slots} 个时段` : ''}`}
              style={{
                margin: '0 auto',
                width: 30,
                height: 30,
                lineHeight: '30px',
                borderRadius: 6,
                position: 'relative',
                background: look.background,
                color: d.month() === month.month() ? look.color : 'rgba(0,0,0,0.25)',
                outline: d.isSame(today, 'day') ? '1px solid #1677ff' : undefined,
              }}
            >
              {d.date()}
              {slots > 0 && (
                <span style={{ position: 'absolute', right: 2, top: 2, width: 5, height: 5, borderRadius: 3, background: '#faad14' }} />
              )}
            </div>
          );
        }}
      />
      <Flex gap={12} wrap style={{ marginTop: 8, fontSize: 12 }}>
        {(['closed', 'weekClosed', 'exception'] as const).map((s) => (
          <Flex key={s} gap={4} align="center">
            <span style={{ width: 12, height: 12, borderRadius: 3, background: LOOK[s].background, border: '1px solid #d9d9d9' }} />
            <Typography.Text type="secondary">{LOOK[s].label}</Typography.Text>
          </Flex>
        ))}
        <Flex gap={4} align="center">
          <span style={{ width: 6, height: 6, borderRadius: 3, background: '#faad14' }} />
          <Typography.Text type="secondary">有关闭的时段</Typography.Text>
        </Flex>
      </Flex>
    </>
  );
}
