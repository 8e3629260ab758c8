import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Empty, Image, Space, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import { download, saveFile, upload } from '@yance/browser/api-files';
import { formatTurnaround, formatUnitPrice } from '@yance/browser/format';
import { deviceAdminQuery, type DeviceAdminRow, type ImportReport } from '@yance/contracts/catalog-admin';
import { LoadError } from '@/components/load-error.tsx';
import { listPagination } from '@/lib/list-pagination.ts';
import { ImportReportModal } from './import-report-modal.tsx';
import { ItemsToolbar, type ItemFilters } from './items-toolbar.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

/** The list's state lives in the address, so coming back from an item's page finds the same page and filters. */
function useListQuery() {
  const [params, setParams] = useSearchParams();
  const parsed = deviceAdminQuery.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : deviceAdminQuery.parse({});
  const set = (next: Partial<ItemFilters> & { page?: number }) => {
    const merged: Record<string, unknown> = { ...query, page: 1, ...next };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(merged))
      if (v !== undefined && v !== '' && !(k === 'page' && v === 1) && !(k === 'sort' && v === 'sort') && k !== 'pageSize')
        out.set(k, String(v));
    setParams(out, { replace: true });
  };
  return { query, set };
}

/** 检测项目: every item on and off the shelf (server paging, search, filters, sort), bulk shelf changes, .xlsx export and import. */
export default function ItemsPage() {
  const { modal, message } = App.useApp();
  const queries = useQueryClient();
  const { query, set } = useListQuery();
  const [selected, setSelected] = useState<number[]>([]);
  const [report, setReport] = useState<(ImportReport & { file: string }) | null>(null);

  const list = useQuery({
    queryKey: ['catalogDeviceList', query],
    queryFn: () => call('catalogDeviceList', { query: { ...query, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queries.invalidateQueries({ queryKey: ['catalogDeviceList'] });

  const shelf = useWrite({
    mutationFn: (onShelf: boolean) => call('catalogDeviceShelf', { body: { ids: selected, onShelf } }),
    onSuccess: (r, onShelf) => {
      void message.success(`已${onShelf ? '上架' : '下架'} ${r.changed} 个项目`);
      setSelected([]);
      refresh();
    },
  });
  const confirmShelf = (onShelf: boolean) =>
    modal.confirm({
      title: `${onShelf ? '上架' : '下架'}选中的 ${selected.length} 个项目？`,
      content: onShelf
        ? '上架后顾客可在店铺中搜到并下单（10 秒内生效）。'
        : '下架后顾客不能再搜到或下单，已有订单不受影响（10 秒内生效）。',
      okText: onShelf ? '上架' : '下架',
      okButtonProps: { danger: !onShelf },
      onOk: () => shelf.mutateAsync(onShelf),
    });

  const exporting = useWrite({
    mutationFn: () =>
      download('catalogDeviceExport', { kw: query.kw, typeId: query.typeId, childId: query.childId, shelf: query.shelf }, '检测项目.xlsx'),
    onSuccess: saveFile,
  });
  const importing = useWrite({
    mutationFn: (file: File) => upload('catalogDeviceImport', file, file.name),
    onSuccess: (r, file) => {
      setReport({ ...r, file: file.name });
      refresh();
    },
  });

  const columns: TableProps<DeviceAdminRow>['columns'] = [
    {
      title: '图片',
      dataIndex: 'img',
      width: 76,
      responsive: ['md'],
      render: (img: string) =>
        img ? <Image src={img} alt="" width={56} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} /> : '—',
    },
    { title: '编号', dataIndex: 'rid', width: 96 },
    {
      title: '名称',
      dataIndex: 'name',
      render: (name: string, d) => (
        <>
          <Link to={`/catalog/items/${encodeURIComponent(d.rid)}`}>{name}</Link>
          {d.alias.length > 0 && (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: d.alias.join('、') }}
              style={{ display: 'block', fontSize: 12, maxWidth: 220 }}
            >
              {d.alias.join('、')}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '分类',
      key: 'category',
      width: 110,
      render: (_: unknown, d) => (
        <>
          {d.childName}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {d.typeName}
          </Typography.Text>
        </>
      ),
    },
    { title: '单价', key: 'price', width: 140, render: (_: unknown, d) => formatUnitPrice(d.priceFen, d.unit) },
    { title: '周期', dataIndex: 'turnaroundDays', width: 116, render: formatTurnaround },
    { title: '下单量', dataIndex: 'orderCount', width: 80 },
    {
      title: '状态',
      dataIndex: 'onShelf',
      width: 80,
      render: (on: boolean) => (on ? <Tag color="green">在架</Tag> : <Tag>已下架</Tag>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, d) => (
        <Space size={0}>
          <Link to={`/catalog/items/${encodeURIComponent(d.rid)}`}>
            <Button type="link" size="small">
              编辑
            </Button>
          </Link>
          <Button type="link" size="small" href={`/detail/${encodeURIComponent(d.rid)}`} target="_blank" rel="noopener">
            店铺页
          </Button>
        </Space>
      ),
    },
  ];

  const filtered = Boolean(query.kw || query.typeId || query.childId || query.shelf);
  return (
    <>
      <ItemsToolbar
        filters={query}
        onChange={(next) => {
          setSelected([]);
          set(next);
        }}
        onExport={() => exporting.mutate()}
        exporting={exporting.isPending}
        onImport={(file) => importing.mutate(file)}
        importing={importing.isPending}
      />
      {selected.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text>已选 {selected.length} 项</Typography.Text>
          <Button onClick={() => confirmShelf(true)}>上架</Button>
          <Button danger onClick={() => confirmShelf(false)}>
            下架
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            取消选择
          </Button>
        </Space>
      )}
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<DeviceAdminRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的项目' : '还没有检测项目'} /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '个项目',
            onPage: (p) => set({ page: p }),
          })}
        />
      )}
      <ImportReportModal report={report} onClose={() => setReport(null)} />
    </>
  );
}
