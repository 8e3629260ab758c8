import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Grid, Tag } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { maskPhone } from '@yance/browser/format';
import type { CouponTemplate } from '@yance/contracts/coupon';
import { chinaToday } from '@yance/contracts/booking-rules';
import { LoadError } from '@/components/load-error.tsx';
import { listPagination } from '@/lib/list-pagination.ts';
import { formatTime } from '@/lib/time.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const SOURCE_NAMES = { signup: '注册赠送', staff: '后台发放', invite: '邀请新客' } as const;

/** 已发放: one template's coupons, newest first — who holds each, where it came from, and whether it was used (on which order) or expired. */
export function IssuedDrawer({ template, onClose }: { template: CouponTemplate | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const screens = Grid.useBreakpoint();
  const id = template?.id;
  const list = useQuery({
    queryKey: ['adminCouponIssued', id, page],
    queryFn: ({ signal }) => call('adminCouponIssued', { query: { templateId: id!, page, pageSize: PAGE_SIZE } }, { signal }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
  const today = chinaToday(new Date());
  type Row = NonNullable<typeof list.data>['list'][number];
  return (
    <Drawer
      title={template ? `「${template.name}」的发放记录` : ''}
      open={template !== null}
      onClose={onClose}
      afterOpenChange={(open) => !open && setPage(1)}
      size={screens.md ? 720 : '100%'}
      destroyOnHidden
    >
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<Row>
          rowKey="id"
          size="small"
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 640 }}
          locale={{ emptyText: <Empty description="还没有发放" /> }}
          pagination={listPagination({ page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '张', onPage: setPage })}
          columns={[
            {
              title: '客户',
              key: 'customer',
              render: (_: unknown, r) => (
                <>
                  {r.name || '—'} <span style={{ color: '#8c8c8c' }}>{maskPhone(r.phone)}</span>
                </>
              ),
            },
            { title: '来源', dataIndex: 'source', width: 90, render: (s: Row['source']) => SOURCE_NAMES[s] },
            { title: '有效期', key: 'valid', width: 190, render: (_: unknown, r) => `${r.validFrom} 至 ${r.validTo}` },
            {
              title: '状态',
              key: 'state',
              width: 170,
              render: (_: unknown, r) =>
                r.state === 'used' ? (
                  <>
                    <Tag color="green">已使用</Tag>
                    {r.orderNo}
                  </>
                ) : r.validTo < today ? (
                  <Tag>已过期</Tag>
                ) : (
                  <Tag color="blue">可使用</Tag>
                ),
            },
            { title: '发放时间', dataIndex: 'issuedAt', width: 160, render: (v: string) => formatTime(v) },
          ]}
        />
      )}
    </Drawer>
  );
}
