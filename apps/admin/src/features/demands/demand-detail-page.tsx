import { ArrowLeftOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Timeline, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import { download, saveFile } from '@yance/browser/api-files';
import { formatFen, formatTurnaround, unitLabel } from '@yance/browser/format';
import { canLeaveDemand, DEMAND_STATE_NAMES, type AdminDemandDetail } from '@yance/contracts/demand';
import { DetailState, retryUnlessMissing, type Missing } from '@/components/detail-state.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { demandKey, DemandStateTag } from './demand-labels.tsx';
import { QuoteForm } from './quote-form.tsx';
import { ListTable } from '@/components/list-table.tsx';

const MISSING: Missing = {
  title: '需求不存在',
  subTitle: '该需求不存在，或不是你负责的客户的需求。',
  to: '/demands',
  back: '回到需求列表',
};

/** 需求详情 (/demands/:id): what the customer asked for, their files, the quote and its form, the timeline. */
export default function DemandDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: demandKey(id),
    queryFn: () => call('adminDemandDetail', { query: { id } }, { feedback: false }),
    enabled: valid,
    retry: retryUnlessMissing,
  });
  return (
    <DetailState valid={valid} q={q} missing={MISSING}>
      {(data) => <DemandView demand={data} />}
    </DetailState>
  );
}

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

type Line = AdminDemandDetail['lines'][number];
const lineColumns: TableProps<Line>['columns'] = [
  {
    title: '项目',
    dataIndex: 'name',
    width: 200,
    render: (name: string, l) => (
      <>
        {name}
        {l.description && (
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {l.description}
            </Typography.Text>
          </div>
        )}
      </>
    ),
  },
  { title: '单价', key: 'unit', width: 130, render: (_: unknown, l) => `${formatFen(l.unit_fen)}/${unitLabel(l.unit)}` },
  { title: '数量', dataIndex: 'count', width: 60, align: 'right' },
  { title: '周期', dataIndex: 'turnaround_days', width: 110, render: formatTurnaround },
  { title: '金额', dataIndex: 'amount_fen', width: 110, align: 'right', render: (fen: number) => formatFen(fen) },
];

function DemandView({ demand }: { demand: AdminDemandDetail }) {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const [quoting, setQuoting] = useState(false);
  const canQuote = canLeaveDemand('quote', demand.state);
  const back = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/demands'));
  const name = demand.customerName || demand.customerPhone;

  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} aria-label="返回" onClick={back} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="demand-title">
            {demand.title}
          </Typography.Title>
          <Typography.Text type="secondary">{demand.no}</Typography.Text>
          <DemandStateTag state={demand.state} />
          <HistoryButton objectType="demand" objectId={demand.id} title={demand.no} />
        </Space>
        {canQuote && !quoting && (
          <Button type="primary" onClick={() => setQuoting(true)}>
            {demand.lines.length ? '重新报价' : '报价'}
          </Button>
        )}
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="需求描述" size="small">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 12 }} data-testid="demand-description">
                {demand.description}
              </Typography.Paragraph>
              {demand.attachments.length === 0 ? (
                <Typography.Text type="secondary">没有附件</Typography.Text>
              ) : (
                <Space orientation="vertical" size={4}>
                  {demand.attachments.map((a) => (
                    <Button
                      key={a.id}
                      type="link"
                      icon={<PaperClipOutlined />}
                      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                      onClick={() => void download('adminDemandFile', { id: demand.id, file: a.id }, a.name).then(saveFile, () => {})}
                    >
                      {a.name}（{kb(a.bytes)}）
                    </Button>
                  ))}
                </Space>
              )}
            </Card>
            {quoting ? (
              <Card title={demand.lines.length ? '重新报价' : '报价'} size="small">
                <QuoteForm demand={demand} onDone={() => setQuoting(false)} />
              </Card>
            ) : (
              <Card
                title="报价"
                size="small"
                extra={
                  demand.total_fen !== null && (
                    <span>
                      合计 <Typography.Text strong>{formatFen(demand.total_fen)}</Typography.Text>
                    </span>
                  )
                }
              >
                {demand.lines.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未报价" />
                ) : (
                  <>
                    <ListTable<Line>
                      rowKey="id"
                      size="small"
                      columns={lineColumns}
                      dataSource={demand.lines}
                      pagination={false}
                      scroll={{ x: 600 }}
                      data-testid="quote-lines"
                    />
                    <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
                      <Descriptions.Item label="有效期至">{demand.valid_until || '—'}</Descriptions.Item>
                      {demand.quote_note && <Descriptions.Item label="报价说明">{demand.quote_note}</Descriptions.Item>}
                    </Descriptions>
                  </>
                )}
              </Card>
            )}
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="客户" size="small">
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="客户">
                  {holds(me, 'customer.read') ? <Link to={`/customers/${demand.customerId}`}>{name}</Link> : name}
                </Descriptions.Item>
                <Descriptions.Item label="单位">{demand.company || '—'}</Descriptions.Item>
                <Descriptions.Item label="联系人">
                  {demand.contact_name} {demand.contact_phone}
                </Descriptions.Item>
                <Descriptions.Item label="预算">{demand.budget_fen === null ? '未填写' : formatFen(demand.budget_fen)}</Descriptions.Item>
                <Descriptions.Item label="客户经理">{demand.managerName || '未分配'}</Descriptions.Item>
                <Descriptions.Item label="提交时间">{formatTime(demand.createdAt)}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title="需求进度" size="small">
              <Timeline
                data-testid="demand-timeline"
                items={[...demand.timeline].reverse().map((e, i) => ({
                  key: `${e.at}-${i}`,
                  color: i === 0 ? 'blue' : 'gray',
                  content: (
                    <div>
                      <Typography.Text strong>{e.label}</Typography.Text>
                      <Typography.Text type="secondary">
                        {' '}
                        · {e.actor} · {formatTime(e.at)}
                      </Typography.Text>
                      <div>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {e.from ? `${DEMAND_STATE_NAMES[e.from]} → ` : ''}
                          {DEMAND_STATE_NAMES[e.to]}
                        </Typography.Text>
                      </div>
                      {e.note && <div>{e.note}</div>}
                    </div>
                  ),
                }))}
              />
            </Card>
          </Space>
        </Col>
      </Row>
    </>
  );
}
