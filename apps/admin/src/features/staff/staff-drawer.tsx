import { Descriptions, Drawer, Grid, Tag, Typography } from 'antd';
import { STAFF_ROLE_NAMES } from '@yance/contracts/staff';
import { ObjectHistory } from '@/components/object-history.tsx';
import { formatTime } from '@/lib/time.ts';
import type { StaffRow } from './staff-form-modal.tsx';

/** One staff member: profile and their history from the audit log. */
export function StaffDrawer({ staff, onClose }: { staff: StaffRow | null; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer title={staff ? `员工 ${staff.account}` : ''} open={staff !== null} onClose={onClose} size={screens.md ? 520 : '100%'}>
      {staff && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="账号">{staff.account}</Descriptions.Item>
            <Descriptions.Item label="姓名">{staff.name}</Descriptions.Item>
            <Descriptions.Item label="手机号">{staff.phone || '—'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{staff.email || '—'}</Descriptions.Item>
            <Descriptions.Item label="角色">
              {staff.roles.map((r) => (
                <Tag key={r}>{STAFF_ROLE_NAMES[r]}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              {staff.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">启用</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="动态验证码">
              {staff.totpEnabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="加入时间">{formatTime(staff.createdAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            操作记录
          </Typography.Title>
          <ObjectHistory objectType="staff" objectId={staff.id} />
        </>
      )}
    </Drawer>
  );
}
