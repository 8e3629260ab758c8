import { PlusOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Image, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { LoadError } from '@/components/load-error.tsx';
import { orderColumn } from '@/components/reorder.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { HotAreaItems } from './hot-area-items.tsx';
import { HotAreaModal, type HotAreaRow } from './hot-area-modal.tsx';
import { ListTable } from '@/components/list-table.tsx';

/** 热门专区: the curated collections on the home page: add, edit, reorder, remove, and their items. */
export default function HotAreasPage() {
  const { modal, message } = App.useApp();
  const queries = useQueryClient();
  const list = useQuery({ queryKey: ['catalogPrefectureList'], queryFn: () => call('catalogPrefectureList', {}, { feedback: false }) });
  const [form, setForm] = useState<{ open: boolean; editing: HotAreaRow | null }>({ open: false, editing: null });
  const [viewing, setViewing] = useState<HotAreaRow | null>(null);
  const refresh = () => void queries.invalidateQueries({ queryKey: ['catalogPrefectureList'] });

  const sort = useWrite({ mutationFn: (ids: number[]) => call('catalogPrefectureSort', { body: { ids } }), onSuccess: refresh });
  const remove = useWrite({
    mutationFn: (p: HotAreaRow) => call('catalogPrefectureRemove', { body: { id: p.id } }),
    onSuccess: () => {
      void message.success('已删除');
      refresh();
    },
  });
  const confirmRemove = (p: HotAreaRow) =>
    modal.confirm({
      title: `删除专区「${p.name}」？`,
      content: '专区从首页消失；其中的项目本身不受影响。',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(p).catch(() => {}),
    });

  const rows = list.data ?? [];
  const columns: TableProps<HotAreaRow>['columns'] = [
    orderColumn(rows, sort, 90),
    {
      title: '图片',
      dataIndex: 'img',
      width: 90,
      responsive: ['sm'],
      render: (img: string) =>
        img ? <Image src={img} alt="" width={64} height={44} style={{ objectFit: 'cover', borderRadius: 4 }} /> : '—',
    },
    { title: '名称', dataIndex: 'name' },
    { title: '简介', dataIndex: 'sketch', ellipsis: true, responsive: ['md'] },
    { title: '项目数', dataIndex: 'items', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, p) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(p)}>
            项目
          </Button>
          <Button type="link" size="small" onClick={() => setForm({ open: true, editing: p })}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmRemove(p)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle title="热门专区">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>
          新增专区
        </Button>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<HotAreaRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching || sort.isPending}
          pagination={false}
          scroll={{ x: 560 }}
          locale={{ emptyText: <Empty description="还没有专区" /> }}
        />
      )}
      <HotAreaModal
        key={form.editing?.id ?? 'new'}
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
      <HotAreaItems area={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
