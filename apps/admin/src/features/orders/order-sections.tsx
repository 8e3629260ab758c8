import { Descriptions, Empty, Tag, Timeline, Typography, type TableProps } from 'antd';
import { formatFen, unitLabel } from '@yance/browser/format';
import { SAMPLE_FORMS, SAMPLE_HAZARDS, type AdminOrderDetail, type OrderLine, type OrderSample } from '@yance/contracts/order';
import { ORDER_STATE_NAMES } from '@yance/contracts/order-states';
import { isSameSitePath } from '@yance/contracts/rich-text-policy';
import { formatTime } from '@/lib/time.ts';
import { Amount } from './order-labels.tsx';
import { ListTable } from '@/components/list-table.tsx';

const lineColumns: TableProps<OrderLine>['columns'] = [
  {
    title: '检测项目',
    dataIndex: 'name',
    width: 180,
    render: (name: string, l) => (
      <>
        <span title={l.rid}>{name}</span>
        {Object.entries(l.choices).map(([k, v]) => (
          <div key={k} style={{ fontSize: 12 }}>
            <Typography.Text type="secondary">
              {k}：{v}
            </Typography.Text>
          </div>
        ))}
      </>
    ),
  },
  {
    title: '单价',
    dataIndex: 'unit_fen',
    width: 110,
    align: 'right',
    responsive: ['sm'],
    // An item without a fixed price has only the amount its quote gave the line.
    render: (fen: number, l) => (fen === 0 ? '—' : `${formatFen(fen)}/${unitLabel(l.unit)}`),
  },
  { title: '数量', dataIndex: 'count', width: 64, align: 'right', render: (n: number, l) => `${n}${unitLabel(l.unit)}` },
  {
    title: '金额',
    dataIndex: 'amount_fen',
    width: 110,
    align: 'right',
    // After the promotion rules' discount (新客9折 …): named under it, so 单价 × 数量 reads to the amount (issue 21).
    render: (fen: number | null, l) => (
      <>
        <Amount fen={fen} />
        {l.promo_fen > 0 && (
          <div style={{ fontSize: 12 }} data-testid="line-promo">
            <Typography.Text type="secondary">
              {l.promo_label} -{formatFen(l.promo_fen)}
            </Typography.Text>
          </div>
        )}
      </>
    ),
  },
  {
    title: '承诺周期',
    dataIndex: 'promised_days',
    width: 120,
    align: 'right',
    responsive: ['sm'],
    // The promise made at ordering (from the queue then); once received, the day it falls due on the lab's calendar.
    render: (d: number | null, l) => (
      <>
        {d ?? l.turnaround_days} 个工作日
        {l.due_date && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{l.due_date} 到期</div>}
      </>
    ),
  },
];

/** The order's lines with options and amounts (on a phone without unit price and turnaround). */
export function LinesSection({ order }: { order: AdminOrderDetail }) {
  return (
    <ListTable<OrderLine>
      rowKey="id"
      size="small"
      columns={lineColumns}
      dataSource={order.lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="order-lines"
    />
  );
}

const formName = (f: string) => SAMPLE_FORMS[f as keyof typeof SAMPLE_FORMS] ?? f;
const hazardName = (h: string) => SAMPLE_HAZARDS[h as keyof typeof SAMPLE_HAZARDS] ?? h;

/** Every sample with its label number, what it is, its hazards and whether it goes back. */
export function SamplesSection({ order }: { order: AdminOrderDetail }) {
  const itemOf = new Map(order.lines.map((l) => [l.id, l.name]));
  const columns: TableProps<OrderSample>['columns'] = [
    { title: '样品编号', dataIndex: 'no', width: 175, render: (no: string) => <Typography.Text copyable>{no}</Typography.Text> },
    {
      title: '样品',
      dataIndex: 'name',
      width: 150,
      render: (name: string, x) => (
        <>
          {name}
          <div style={{ fontSize: 12 }}>
            <Typography.Text type="secondary">
              {x.count} 个 · {formName(x.form)} · {x.returnSample ? '检测后寄回' : '不寄回'}
            </Typography.Text>
          </div>
        </>
      ),
    },
    { title: '检测项目', dataIndex: 'lineId', width: 120, render: (id: number) => itemOf.get(id) ?? '—' },
    {
      title: '危险特性',
      dataIndex: 'hazards',
      width: 90,
      render: (h: string[]) =>
        h.length === 0
          ? '无'
          : h.map((x) => (
              <Tag key={x} color="red">
                {hazardName(x)}
              </Tag>
            )),
    },
    { title: '测试要求', dataIndex: 'requirement', render: (r: string) => r || '—' },
  ];
  return (
    <ListTable<OrderSample>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={order.samples}
      pagination={false}
      scroll={{ x: 640 }}
      data-testid="order-samples"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有样品" /> }}
    />
  );
}

/** The customer's timeline as they see it: who, when, what, from which state to which, and the note. */
export function TimelineSection({ order }: { order: AdminOrderDetail }) {
  if (order.timeline.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无进度" />;
  return (
    <Timeline
      data-testid="order-timeline"
      items={[...order.timeline].reverse().map((e, i) => ({
        key: `${e.at}-${i}`,
        color: i === 0 ? 'blue' : 'gray',
        content: (
          <div data-testid="timeline-row">
            <Typography.Text strong>{e.label}</Typography.Text>
            <Typography.Text type="secondary">
              {' '}
              · {e.actor} · {formatTime(e.at)}
            </Typography.Text>
            {/* Entries that leave the state as it is (samples, files, records) name no move. */}
            {e.from !== e.to && (
              <div>
                <Typography.Text type="secondary">
                  {e.from ? `${ORDER_STATE_NAMES[e.from]} → ` : ''}
                  {ORDER_STATE_NAMES[e.to]}
                </Typography.Text>
              </div>
            )}
            {e.note && <div style={{ whiteSpace: 'pre-wrap' }}>{e.note}</div>}
          </div>
        ),
      }))}
    />
  );
}

/**
 * The remark and the attachments the customer sent with the order. An
 * attachment is text the customer wrote: only a path on this site becomes a
 * link (isSameSitePath: not "//…" or "/\…", which reach another host); anything
 * else is shown as text.
 */
export function RemarkSection({ order }: { order: AdminOrderDetail }) {
  return (
    <Descriptions size="small" column={1}>
      <Descriptions.Item label="备注">
        <span style={{ whiteSpace: 'pre-wrap' }}>{order.remark || '无'}</span>
      </Descriptions.Item>
      {order.attachments.length > 0 && (
        <Descriptions.Item label="附件">
          <span>
            {order.attachments.map((a) => (
              <div key={a}>
                {isSameSitePath(a) ? (
                  <Typography.Link href={a} target="_blank" rel="noreferrer">
                    {a.split('/').pop()}
                  </Typography.Link>
                ) : (
                  a
                )}
              </div>
            ))}
          </span>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
