import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { CLUSTER_MEMBER_STATE_NAMES, CLUSTER_ROLE_NAMES, type AdminClusterDetail, type AdminClusterMember } from '@yance/contracts/cluster';
import { DetailState, retryUnlessMissing, type Missing } from '@/components/detail-state.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { ListTable } from '@/components/list-table.tsx';
import { GroupCreditDialog } from './group-credit-dialog.tsx';

const MISSING: Missing = {
  title: '课题组不存在',
  subTitle: '该课题组不存在、已删除，或负责人不是你的客户。',
  to: '/clusters',
  back: '回到课题组列表',
};

/** 课题组详情 (/clusters/:id): the group, its owner, and its members and pending applications with limits; read only. */
export default function ClusterDetailPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const q = useQuery({
    queryKey: ['adminClusterDetail', id],
    queryFn: () => call('adminClusterDetail', { query: { id } }, { feedback: false }),
    enabled: valid,
    retry: retryUnlessMissing,
  });
  return (
    <DetailState valid={valid} q={q} missing={MISSING}>
      {(data) => <ClusterView g={data} />}
    </DetailState>
  );
}

function ClusterView({ g }: { g: AdminClusterDetail }) {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const [crediting, setCrediting] = useState(false);
  const back = () => void ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/clusters'));
  const columns: TableProps<AdminClusterMember>['columns'] = [
    {
      title: '姓名',
      dataIndex: 'name',
      fixed: 'left',
      width: 120,
      render: (name: string, m) => <Link to={`/customers/${m.userId}`}>{name || '未填写姓名'}</Link>,
    },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '单位', dataIndex: 'company', ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '角色',
      dataIndex: 'role',
      width: 150,
      render: (_: unknown, m) =>
        m.state === 'applied' ? (
          <Tag color="gold">{CLUSTER_MEMBER_STATE_NAMES.applied}</Tag>
        ) : (
          <Tag color={m.role === 'owner' ? 'blue' : 'default'}>{CLUSTER_ROLE_NAMES[m.role]}</Tag>
        ),
    },
    {
      title: '消费额度',
      dataIndex: 'limitFen',
      width: 120,
      align: 'right',
      render: (v: number, m) => (m.state === 'member' ? formatFen(v) : '—'),
    },
    {
      title: '已使用',
      dataIndex: 'spentFen',
      width: 120,
      align: 'right',
      render: (v: number, m) => (m.state === 'member' ? formatFen(v) : '—'),
    },
    { title: '加入/申请时间', dataIndex: 'since', width: 180, render: formatTime },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} aria-label="返回" onClick={back} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="cluster-title">
            {g.name}
          </Typography.Title>
        </Space>
        <Space wrap>
          {holds(me, 'cluster.credit') && (
            <Button type="primary" onClick={() => setCrediting(true)}>
              课题组入账
            </Button>
          )}
          <HistoryButton objectType="cluster" objectId={g.id} title={g.name} />
        </Space>
      </Space>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small" title="基本信息">
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="所属单位">{g.institution}</Descriptions.Item>
            <Descriptions.Item label="负责人">
              <Link to={`/customers/${g.ownerId}`}>
                {g.ownerName || '未填写姓名'} {g.ownerPhone}
              </Link>
            </Descriptions.Item>
            <Descriptions.Item label="课题组余额">
              <span data-testid="cluster-balance">{formatFen(g.balanceFen)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="成员">{g.memberCount} 人</Descriptions.Item>
            <Descriptions.Item label="待审核申请">{g.pendingCount} 条</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatTime(g.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="简介">
              <span style={{ whiteSpace: 'pre-wrap' }}>{g.description || '—'}</span>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card size="small" title="成员与申请">
          <ListTable<AdminClusterMember>
            rowKey="id"
            columns={columns}
            dataSource={g.members}
            pagination={false}
            scroll={{ x: 900 }}
            size="small"
          />
        </Card>
      </Space>
      {crediting && <GroupCreditDialog group={g} onClose={() => setCrediting(false)} />}
    </>
  );
}
