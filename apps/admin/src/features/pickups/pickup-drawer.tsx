import { Alert, Button, Descriptions, Drawer, Grid, Select, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { PickupItem } from '@yance/contracts/pickup';
import { SAMPLING_STATE_NAMES } from '@yance/contracts/sampling';
import { OrderStateTag } from '@/components/order-state-tag.tsx';
import { useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { addressOf, useAssign, useCollectors } from './pickup-query.ts';

/** Why a collector cannot be chosen for this request. */
const lockedReason = (i: PickupItem) =>
  i.state === 'cancelled' ? '客户已取消该取样申请，不能安排取样员。' : '订单已不在「待取样」，不能再安排取样员。';

/** The assignee select, 安排给我 and 取消安排 of one pick-up. */
function Assign({ item }: { item: PickupItem }) {
  const me = useMe().data;
  const collectors = useCollectors();
  const assign = useAssign();
  const options = (collectors.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }));
  const mineable = me && options.some((o) => o.value === me.id) && item.assignee?.id !== me.id;
  if (!item.assignable) return <Alert type="info" showIcon title={lockedReason(item)} />;
  return (
    <Space wrap>
      <Select
        aria-label="取样员"
        placeholder="选择取样员"
        style={{ width: 200 }}
        loading={collectors.isLoading}
        value={item.assignee?.id}
        options={options}
        disabled={assign.isPending}
        onChange={(staffId: number) => assign.mutate({ item, staffId })}
        data-testid="pickup-assignee"
      />
      {mineable && (
        <Button type="primary" loading={assign.isPending} onClick={() => assign.mutate({ item, staffId: me.id })}>
          安排给我
        </Button>
      )}
      {item.assignee && (
        <Button loading={assign.isPending} onClick={() => assign.mutate({ item, staffId: null })}>
          取消安排
        </Button>
      )}
    </Space>
  );
}

/** A pick-up's full details: where, whom to call, what to collect; and who collects it. */
export function PickupDrawer({ item, onClose }: { item: PickupItem | undefined; onClose: () => void }) {
  const wide = Grid.useBreakpoint().md;
  return (
    <Drawer
      title={item ? `上门取样 · ${item.orderNo}` : '上门取样'}
      open={!!item}
      onClose={onClose}
      size={wide ? 480 : '100%'}
      destroyOnHidden
      extra={item && <Link to={`/orders/${item.orderId}`}>查看订单</Link>}
    >
      {item && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="pickup-drawer">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="取样时间">
              {item.date} {item.time}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <OrderStateTag state={item.orderState} />
              {item.state === 'cancelled' && <Tag color="default">申请{SAMPLING_STATE_NAMES.cancelled}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="客户">
              {item.customerName}
              {item.company && <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>{item.company}</div>}
            </Descriptions.Item>
            <Descriptions.Item label="联系人">
              {item.name}{' '}
              <a href={`tel:${item.phone}`} data-testid="pickup-phone">
                {item.phone}
              </a>
            </Descriptions.Item>
            <Descriptions.Item label="地址">{addressOf(item)}</Descriptions.Item>
            {item.message && <Descriptions.Item label="留言">{item.message}</Descriptions.Item>}
            <Descriptions.Item label={`样品（${item.sampleCount}）`}>
              {item.samples.map((s) => (
                <div key={s.no}>
                  <Typography.Text code>{s.no}</Typography.Text> {s.name} × {s.count}
                </div>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label="取样员">
              {item.assignee ? (
                <>
                  {item.assignee.name}
                  {item.assignedAt && (
                    <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>安排于 {formatTime(item.assignedAt).slice(0, 16)}</div>
                  )}
                </>
              ) : (
                <Typography.Text type="warning">未分配</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>安排取样员</Typography.Title>
            <Assign item={item} />
          </div>
          <Link to={`/orders/${item.orderId}`}>打开订单 {item.orderNo}</Link>
        </Space>
      )}
    </Drawer>
  );
}
