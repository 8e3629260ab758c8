import { PrinterOutlined } from '@ant-design/icons';
import { Button, DatePicker, Empty, Grid, Segmented, Space, Spin, Switch } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { addDays, mondayOf, type PickupItem, type PickupListResponse } from '@yance/contracts/pickup';
import { chinaToday } from '@yance/contracts/sampling-rules';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { dayjs } from '@/lib/time.ts';
import { PickupCard } from './pickup-card.tsx';
import { PickupDrawer } from './pickup-drawer.tsx';
import { usePickups } from './pickup-query.ts';
import './pickups.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** 周一 11-23 */
const dayLabel = (date: string) => `${dayjs(date).format('ddd')} ${date.slice(5)}`;

type Days = PickupListResponse['days'];

/** The week as a grid: a column per day (Monday to Sunday), a row per slot. */
function WeekGrid({ days, slots, today, onOpen }: { days: Days; slots: string[]; today: string; onOpen: (i: PickupItem) => void }) {
  return (
    <div className="pickup-grid" data-testid="pickup-grid">
      <div className="pickup-head">时段</div>
      {days.map((d) => (
        <div key={d.date} className={`pickup-head${d.date === today ? ' is-today' : ''}`}>
          {dayLabel(d.date)}
        </div>
      ))}
      {slots.map((time) => (
        <Row key={time} time={time} days={days} onOpen={onOpen} />
      ))}
    </div>
  );
}

function Row({ time, days, onOpen }: { time: string; days: Days; onOpen: (i: PickupItem) => void }) {
  return (
    <>
      <div className="pickup-slot">{time}</div>
      {days.map((d) => (
        <div key={d.date} className="pickup-cell" data-testid={`pickup-cell-${d.date}-${time}`}>
          {d.slots
            .find((s) => s.time === time)
            ?.list.map((i) => (
              <PickupCard key={i.id} item={i} onOpen={onOpen} />
            ))}
        </div>
      ))}
    </>
  );
}

/** On a phone: one day at a time, its slots one under another. */
function DayList({ day, onOpen }: { day: Days[number]; onOpen: (i: PickupItem) => void }) {
  const busy = day.slots.filter((s) => s.list.length > 0);
  if (busy.length === 0) return <Empty description="当天没有上门取样" />;
  return (
    <div data-testid="pickup-day-list">
      {busy.map((s) => (
        <div key={s.time} data-testid={`pickup-cell-${day.date}-${s.time}`}>
          <div className="pickup-day-slot">{s.time}</div>
          <Space orientation="vertical" size={6} style={{ width: '100%' }}>
            {s.list.map((i) => (
              <PickupCard key={i.id} item={i} onOpen={onOpen} />
            ))}
          </Space>
        </div>
      ))}
    </div>
  );
}

/** 取样日历 (/pickups?date=): the week's 上门取样 by day and slot; a card opens its details and the collector. */
export default function PickupsPage() {
  const [params, setParams] = useSearchParams();
  const today = chinaToday(new Date());
  const asked = params.get('date');
  const date = asked && DATE.test(asked) ? asked : today;
  const from = mondayOf(date);
  const to = addDays(from, 6);
  const [mine, setMine] = useState(false);
  const [openId, setOpenId] = useState<number>();
  const narrow = !Grid.useBreakpoint().md;
  const q = usePickups(from, to, mine);
  const go = (d: string) => setParams({ date: d }, { replace: true });
  const items = q.data?.days.flatMap((d) => d.slots.flatMap((s) => s.list)) ?? [];
  const open = items.find((i) => i.id === openId);
  const day = q.data?.days.find((d) => d.date === date);

  return (
    <>
      <PageTitle title="取样日历">
        <Space wrap>
          <Space.Compact>
            <Button onClick={() => go(addDays(date, -7))}>上周</Button>
            <Button onClick={() => go(today)} type={from === mondayOf(today) ? 'primary' : 'default'}>
              本周
            </Button>
            <Button onClick={() => go(addDays(date, 7))}>下周</Button>
          </Space.Compact>
          <DatePicker aria-label="日期" allowClear={false} value={dayjs(date)} onChange={(d) => d && go(d.format('YYYY-MM-DD'))} />
          <Space size={6}>
            <Switch checked={mine} onChange={setMine} aria-label="只看我的" />
            <span>只看我的</span>
          </Space>
          <Link to={`/pickups/sheet?date=${date}`}>
            <Button icon={<PrinterOutlined />}>打印当日取样单</Button>
          </Link>
        </Space>
      </PageTitle>
      {narrow && (
        <div style={{ overflowX: 'auto', marginBottom: 12 }}>
          <Segmented
            value={date}
            onChange={(v) => go(String(v))}
            options={Array.from({ length: 7 }, (_, i) => addDays(from, i)).map((d) => ({
              value: d,
              label: (
                <div style={{ lineHeight: 1.3, padding: '2px 0' }}>
                  <div>{dayjs(d).format('dd')}</div>
                  <div style={{ fontSize: 11 }}>{d.slice(8)}</div>
                </div>
              ),
            }))}
          />
        </div>
      )}
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : narrow ? (
        day && <DayList day={day} onOpen={(i) => setOpenId(i.id)} />
      ) : (
        <WeekGrid days={q.data.days} slots={q.data.slots} today={today} onOpen={(i) => setOpenId(i.id)} />
      )}
      <PickupDrawer item={open} onClose={() => setOpenId(undefined)} />
    </>
  );
}
