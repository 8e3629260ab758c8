import { PrinterOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { chinaToday } from '@yance/contracts/sampling-rules';
import { LoadError } from '@/components/load-error.tsx';
import { dayjs } from '@/lib/time.ts';
import { addressOf, usePickups } from './pickup-query.ts';
import './pickups.css';

/** 当日取样单 (/pickups/sheet?date=): the day's active pick-ups by slot with addresses and phones, for the collectors; 打印 prints only the sheet. */
export default function PickupSheetPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : chinaToday(new Date());
  const q = usePickups(date, date);
  const slots = (q.data?.days[0]?.slots ?? []).map((s) => ({ ...s, list: s.list.filter((i) => i.state === 'active') }));
  const count = slots.reduce((n, s) => n + s.list.length, 0);
  return (
    <>
      <Space wrap className="no-print" style={{ marginBottom: 16 }}>
        <Link to={`/pickups?date=${date}`}>← 取样日历</Link>
        <DatePicker
          aria-label="日期"
          allowClear={false}
          value={dayjs(date)}
          onChange={(d) => d && setParams({ date: d.format('YYYY-MM-DD') })}
        />
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!q.data}>
          打印
        </Button>
      </Space>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spin style={{ display: 'block', margin: '60px auto' }} />
      ) : (
        <div className="route-sheet" data-testid="route-sheet">
          <h2 style={{ margin: '0 0 8px' }}>
            上门取样单 · {date} {dayjs(date).format('dddd')}
          </h2>
          <p style={{ margin: '0 0 12px' }}>共 {count} 单</p>
          <div className="route-sheet-scroll">
            <table>
              <thead>
                <tr>
                  <th>时段</th>
                  <th>订单号</th>
                  <th>联系人 / 电话</th>
                  <th>地址</th>
                  <th>样品</th>
                  <th>取样员</th>
                  <th>留言</th>
                </tr>
              </thead>
              <tbody>
                {count === 0 && (
                  <tr>
                    <td colSpan={7}>当天没有上门取样</td>
                  </tr>
                )}
                {slots.flatMap((s) =>
                  s.list.map((i, n) => (
                    <tr key={i.id}>
                      {n === 0 && <td rowSpan={s.list.length}>{s.time}</td>}
                      <td>{i.orderNo}</td>
                      <td>
                        {i.name}
                        <br />
                        {i.phone}
                      </td>
                      <td>{addressOf(i)}</td>
                      <td>
                        {i.samples.map((x) => (
                          <div key={x.no}>
                            {x.name} × {x.count}
                          </div>
                        ))}
                      </td>
                      <td>{i.assignee?.name ?? '未分配'}</td>
                      <td>{i.message}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </>
  );
}
