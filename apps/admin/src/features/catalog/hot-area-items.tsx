import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Drawer, Empty, Flex, Grid, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '@yance/browser/api-client';
import { formatUnitPrice } from '@yance/browser/format';
import type { DeviceAdminRow } from '@yance/contracts/catalog-admin';
import { listPagination } from '@/lib/list-pagination.ts';
import type { HotAreaRow } from './hot-area-modal.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 10;

/** Items matching what the operator types, for the "add" picker (debounced so typing does not flood the server). */
function useItemSearch(kw: string) {
  const [debounced, setDebounced] = useState(kw);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(kw.trim()), 300);
    return () => clearTimeout(t);
  }, [kw]);
  return useQuery({
    queryKey: ['catalogDeviceList', { kw: debounced, picker: true }],
    queryFn: () =>
      call('catalogDeviceList', { query: { kw: debounced, pageSize: 20, sort: debounced ? 'relevance' : 'sort' } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
}

/** One hot area's items: add by searching, remove one or several. */
export function HotAreaItems({ area, onClose }: { area: HotAreaRow | null; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const [page, setPage] = useState(1);
  const [kw, setKw] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const search = useItemSearch(kw);
  const items = useQuery({
    queryKey: ['catalogPrefectureItems', area?.id, page],
    queryFn: () => call('catalogPrefectureItems', { query: { id: area!.id, page, pageSize: PAGE_SIZE } }, { feedback: false }),
    enabled: area !== null,
    placeholderData: keepPreviousData,
  });
  const changed = () => {
    void queries.invalidateQueries({ queryKey: ['catalogPrefectureItems', area?.id] });
    void queries.invalidateQueries({ queryKey: ['catalogPrefectureList'] });
  };
  const add = useWrite({
    mutationFn: (deviceIds: number[], idempotencyKey) =>
      call('catalogPrefectureItemAdd', { body: { id: area!.id, deviceIds, idempotencyKey } }),
    onSuccess: (r) => {
      void message.success(r.changed ? `已加入 ${r.changed} 个项目` : '这些项目已在专区中');
      setPicked([]);
      changed();
    },
  });
  const remove = useWrite({
    mutationFn: (deviceIds: number[]) => call('catalogPrefectureItemRemove', { body: { id: area!.id, deviceIds } }),
    onSuccess: () => {
      void message.success('已移出');
      changed();
    },
  });

  return (
    <Drawer
      title={area ? `专区「${area.name}」的项目` : ''}
      open={area !== null}
      onClose={onClose}
      size={screens.md ? 640 : '100%'}
      destroyOnHidden
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          mode="multiple"
          value={picked}
          onChange={setPicked}
          showSearch={{ filterOption: false, onSearch: setKw }}
          loading={search.isFetching}
          placeholder="搜索名称、别名或编号，选择要加入的项目"
          style={{ flex: '1 1 280px' }}
          aria-label="选择要加入的项目"
          notFoundContent={search.isFetching ? '搜索中…' : '没有找到项目'}
          options={(search.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name}（${d.rid}）` }))}
        />
        <Button type="primary" disabled={picked.length === 0} loading={add.isPending} onClick={() => add.mutate(picked)}>
          加入专区
        </Button>
      </Flex>
      <ListTable<DeviceAdminRow>
        rowKey="id"
        size="small"
        dataSource={items.data?.list}
        loading={items.isFetching}
        scroll={{ x: 480 }}
        locale={{ emptyText: <Empty description="专区里还没有项目" /> }}
        pagination={listPagination({ page, pageSize: PAGE_SIZE, total: items.data?.total, unit: '个', onPage: setPage })}
        columns={[
          { title: '编号', dataIndex: 'rid', width: 100 },
          {
            title: '名称',
            dataIndex: 'name',
            render: (name: string, d) => (
              <>
                {name} {!d.onShelf && <Tag>已下架</Tag>}
              </>
            ),
          },
          { title: '单价', key: 'price', width: 120, render: (_: unknown, d) => formatUnitPrice(d.priceFen, d.unit) },
          {
            title: '操作',
            key: 'actions',
            width: 70,
            render: (_: unknown, d) => (
              <Button type="link" size="small" danger disabled={remove.isPending} onClick={() => remove.mutate([d.id])}>
                移出
              </Button>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        移出只影响专区，项目本身不变。
      </Typography.Text>
    </Drawer>
  );
}
