import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Tag, Tooltip, Typography, type DescriptionsProps } from 'antd';
import type { CustomerDetail } from '@yance/contracts/customer';
import { placeText } from '@yance/contracts/place';
import { companyLabel } from '@yance/contracts/user';
import { formatTime } from '@/lib/time.ts';
import { AttestationTag, deviceOf, DisabledTag, LOGIN_METHOD_NAMES, organizationName } from './customer-labels.tsx';
import { ListTable } from '@/components/list-table.tsx';

type Login = CustomerDetail['logins'][number];
type Address = CustomerDetail['addresses'][number];

/** The region table loads with the first customer page opened (a chunk of its own, not in the console's first download). */
function useRegionName(code: string): string {
  const table = useQuery({ queryKey: ['areaList'], queryFn: async () => (await import('@vant/area-data')).areaList, staleTime: Infinity });
  const list = table.data;
  if (!code) return '—';
  if (!list) return code;
  const names = [list.province_list[`${code.slice(0, 2)}0000`], list.city_list[`${code.slice(0, 4)}00`], list.county_list[code]];
  // Municipalities repeat their name as the city (北京市 北京市 海淀区).
  return [...new Set(names.filter(Boolean))].join(' ') || code;
}

const dash = (v: string) => v || '—';

export function ProfileSection({ c }: { c: CustomerDetail }) {
  const region = useRegionName(c.region);
  const teacher = [c.teacher, c.teacher_phone, c.teacher_mail].filter(Boolean).join(' · ');
  // Items as data: a left-out item (no teacher) leaves no empty cell behind, as a `false` child would.
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: '姓名', children: dash(c.name) },
    { key: 'phone', label: '手机号', children: c.phone },
    { key: 'username', label: '用户名', children: dash(c.username ?? '') },
    { key: 'email', label: '邮箱', children: dash(c.email) },
    { key: 'organization', label: '用户类型', children: organizationName(c.organization) },
    // Named as the customer's own form names it: 公司名称 for an enterprise (contracts' companyLabel).
    { key: 'company', label: companyLabel(c.organization ?? undefined), children: dash(c.company) },
    ...(teacher ? [{ key: 'teacher', label: '导师', children: teacher, span: { xs: 1, md: 2 } }] : []),
    { key: 'region', label: '所在地区', children: region },
    { key: 'address', label: '详细地址', children: dash(c.address) },
    { key: 'wechat', label: '微信', children: c.wechatBound ? '已绑定' : '未绑定' },
    { key: 'invite', label: '邀请码', children: dash(c.inviteCode) },
    { key: 'created', label: '注册时间', children: formatTime(c.createdAt) },
    { key: 'state', label: '账号状态', children: <DisabledTag disabled={c.disabled} /> },
  ];
  return <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} />;
}

export function AttestationSection({ c }: { c: CustomerDetail }) {
  return (
    <Descriptions size="small" bordered column={1}>
      <Descriptions.Item label="审核状态">
        <span data-testid="attestation-state">
          <AttestationTag state={c.attestation} />
        </span>
      </Descriptions.Item>
      {c.attestationReviewedAt && <Descriptions.Item label="审核时间">{formatTime(c.attestationReviewedAt)}</Descriptions.Item>}
      {c.attestation === 'rejected' && (
        <Descriptions.Item label="驳回原因">
          <Typography.Text type="danger" data-testid="attestation-reason">
            {c.attestationReason}
          </Typography.Text>
          <Typography.Text type="secondary"> （客户可见）</Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

export function ManagerSection({ c }: { c: CustomerDetail }) {
  if (!c.manager) return <Typography.Text type="secondary">还没有客户经理（尚无在职的客户经理）</Typography.Text>;
  return (
    <Descriptions size="small" bordered column={1}>
      <Descriptions.Item label="姓名">
        <span data-testid="manager-name">{c.manager.name}</span>
      </Descriptions.Item>
      <Descriptions.Item label="手机号">{dash(c.manager.phone)}</Descriptions.Item>
      <Descriptions.Item label="邮箱">{dash(c.manager.email)}</Descriptions.Item>
    </Descriptions>
  );
}

export function AddressesSection({ list }: { list: Address[] }) {
  if (list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有收货地址" />;
  return (
    <ListTable<Address>
      rowKey="address_rid"
      size="small"
      pagination={false}
      dataSource={list}
      scroll={{ x: 560 }}
      columns={[
        { title: '收货人', dataIndex: 'name', width: 90 },
        { title: '电话', dataIndex: 'phone', width: 120 },
        {
          title: '地址',
          key: 'address',
          render: (_: unknown, a) => (
            <>
              {placeText(a)} {a.default && <Tag color="blue">默认</Tag>}
            </>
          ),
        },
      ]}
    />
  );
}

export function LoginsSection({ list }: { list: Login[] }) {
  if (list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有登录记录" />;
  return (
    <div data-testid="logins">
      <ListTable<Login & { key: number }>
        size="small"
        pagination={false}
        // Two logins can share a time and address; their place in the list tells them apart.
        dataSource={list.map((l, key) => ({ ...l, key }))}
        scroll={{ x: 480 }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 165, render: formatTime },
          { title: 'IP', dataIndex: 'ip', width: 125 },
          { title: '方式', dataIndex: 'method', width: 90, render: (m: Login['method']) => LOGIN_METHOD_NAMES[m] },
          {
            title: '设备',
            dataIndex: 'userAgent',
            render: (ua: string) => (
              <Tooltip title={ua || undefined}>
                <span>{deviceOf(ua)}</span>
              </Tooltip>
            ),
          },
        ]}
      />
    </div>
  );
}
