import { DEMAND_STATE_NAMES, type DemandDetail } from '@yance/contracts/demand';
import { formatFen, formatTurnaround, formatUnitPrice } from '@yance/browser/format';
import { notify } from '@yance/browser/notify';
import { Button, Card, Empty, Flex, Input, Pagination, Popconfirm, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { downloadDemandFile, useDemandMove, useDemands } from '../api/demands.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as the customer's clock reads it: "2026-11-25 10:56". */
const formatTime = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const STATE_COLORS: Record<DemandDetail['state'], string> = {
  open: 'gold',
  quoted: 'blue',
  accepted: 'green',
  declined: 'default',
  expired: 'default',
  withdrawn: 'default',
};

function DemandCard({ d }: { d: DemandDetail }) {
  const move = useDemandMove();
  const [reason, setReason] = useState('');
  const run = (action: 'accept' | 'decline' | 'withdraw') =>
    move.mutate(
      { action, id: d.id, reason },
      { onSuccess: () => action === 'accept' && notify.success('报价项目已加入实验方案（定制项目）') },
    );
  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{d.title}</Typography.Text>
          <Tag color={STATE_COLORS[d.state]}>{DEMAND_STATE_NAMES[d.state]}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {d.no}
          </Typography.Text>
        </Flex>
      }
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{d.description}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        预算：{d.budget_fen === null ? '未填写' : formatFen(d.budget_fen)}，联系人：{d.contact_name} {d.contact_phone}
      </Typography.Paragraph>
      {d.attachments.length > 0 && (
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          {d.attachments.map((a) => (
            <Button key={a.id} size="small" onClick={() => void downloadDemandFile(d.id, a.id, a.name)}>
              {a.name}
            </Button>
          ))}
        </Flex>
      )}
      {d.lines.length > 0 && (
        <>
          <Typography.Title level={5}>
            报价 {d.total_fen !== null && formatFen(d.total_fen)}
            <Typography.Text type="secondary" style={{ fontSize: 13, marginLeft: 8 }}>
              有效期至 {d.valid_until}
            </Typography.Text>
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 560 }}
            dataSource={d.lines}
            columns={[
              { title: '项目', dataIndex: 'name', render: (v: string, l) => (l.description ? `${v}（${l.description}）` : v) },
              { title: '单价', render: (_, l) => formatUnitPrice(l.unit_fen, l.unit) },
              { title: '数量', dataIndex: 'count' },
              { title: '周期', render: (_, l) => formatTurnaround(l.turnaround_days) },
              { title: '金额', render: (_, l) => formatFen(l.amount_fen) },
            ]}
          />
          {d.quote_note && <Typography.Paragraph style={{ marginTop: 8 }}>报价说明：{d.quote_note}</Typography.Paragraph>}
        </>
      )}
      <Timeline
        style={{ marginTop: 16 }}
        items={d.timeline.map((e) => ({
          content: `${formatTime(e.at)} ${e.actor} ${e.label}${e.note ? `：${e.note}` : ''}`,
        }))}
      />
      <Flex gap={8} wrap>
        {d.actions.includes('accept') && (
          <Popconfirm title="接受报价？报价项目将加入实验方案" onConfirm={() => run('accept')}>
            <Button type="primary" loading={move.isPending}>
              接受报价
            </Button>
          </Popconfirm>
        )}
        {d.actions.includes('decline') && (
          <Popconfirm
            title="拒绝报价"
            description={<Input placeholder="原因（选填）" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />}
            onConfirm={() => run('decline')}
          >
            <Button>拒绝报价</Button>
          </Popconfirm>
        )}
        {d.actions.includes('withdraw') && (
          <Popconfirm title="撤回这条需求？" onConfirm={() => run('withdraw')}>
            <Button danger>撤回需求</Button>
          </Popconfirm>
        )}
        {d.state === 'accepted' && (
          <Link to={paths.experiment('plan')}>
            <Button type="primary">去实验方案下单</Button>
          </Link>
        )}
      </Flex>
    </Card>
  );
}

/** /experiment/demand: the customer's demands, their quotes and what they may do with them. */
export function DemandList() {
  const [page, setPage] = useState(1);
  const demands = useDemands(page);
  if (!demands.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          实验需求
        </Typography.Title>
        <Link to={paths.require()}>
          <Button type="primary">发布需求</Button>
        </Link>
      </Flex>
      {demands.data.list.length === 0 ? (
        <Empty description="还没有需求，找不到合适的项目时可以发布需求，客户经理会为您报价" />
      ) : (
        demands.data.list.map((d) => <DemandCard key={d.id} d={d} />)
      )}
      {demands.data.total > demands.data.pageSize && (
        <Pagination current={page} pageSize={demands.data.pageSize} total={demands.data.total} onChange={setPage} />
      )}
    </div>
  );
}
