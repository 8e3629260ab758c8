import { PlusOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Image, Space, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import type { BannerAdmin } from '@yance/contracts/content-admin';
import { LoadError } from '@/components/load-error.tsx';
import { WindowTag, windowText } from './active-window.tsx';
import { BannerFormModal } from './banner-form-modal.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { nextSort, orderColumn } from '@/components/reorder.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ListTable } from '@/components/list-table.tsx';

/** 轮播图: every banner (also stopped and out-of-window ones) in home-page order; add, edit, reorder, remove. */
export default function BannerPage() {
  const { modal, message } = App.useApp();
  const queries = useQueryClient();
  const [form, setForm] = useState<{ open: boolean; editing: BannerAdmin | null }>({ open: false, editing: null });
  const list = useQuery({ queryKey: ['bannerList'], queryFn: () => call('bannerList', {}, { feedback: false }) });
  const rows = list.data ?? [];
  const done = (text: string) => {
    void message.success(text);
    void queries.invalidateQueries({ queryKey: ['bannerList'] });
    void queries.invalidateQueries({ queryKey: ['auditList'] });
  };
  const sort = useWrite({
    mutationFn: (ids: number[]) => call('bannerSort', { body: { ids } }, { feedback: false }),
    onSuccess: (list) => {
      queries.setQueryData(['bannerList'], list);
      done('已调整顺序');
    },
  });
  const remove = useWrite({ mutationFn: (id: number) => call('bannerRemove', { body: { id } }), onSuccess: () => done('已删除') });
  const confirmRemove = (b: BannerAdmin) =>
    modal.confirm({
      title: `删除轮播图“${b.title}”？`,
      content: '删除后首页不再显示，且不能恢复。只想暂时下架可以编辑并关闭“启用”。',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(b.id),
    });

  const columns: TableProps<BannerAdmin>['columns'] = [
    orderColumn(rows, sort, 96),
    {
      title: '图片',
      dataIndex: 'img',
      width: 140,
      render: (img: string) => <Image src={img} alt="" width={120} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />,
    },
    {
      title: '标题',
      dataIndex: 'title',
      width: 280,
      render: (title: string, b) => (
        <>
          <div>{title}</div>
          {b.description && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280, fontSize: 12 }}>
              {b.description}
            </Typography.Text>
          )}
        </>
      ),
    },
    { title: '跳转', dataIndex: 'redirect', width: 160, ellipsis: true },
    { title: '展示期', key: 'window', width: 170, render: (_: unknown, b) => windowText(b) },
    { title: '状态', key: 'state', width: 90, render: (_: unknown, b) => <WindowTag value={b} /> },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_: unknown, b) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setForm({ open: true, editing: b })}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmRemove(b)}>
            删除
          </Button>
          <HistoryButton objectType="banner" objectId={b.id} title={b.title} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle title="轮播图">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>
          新增轮播图
        </Button>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<BannerAdmin>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 1100 }}
          locale={{ emptyText: <Empty description="还没有轮播图" /> }}
        />
      )}
      <BannerFormModal
        key={form.editing?.id ?? 'new'}
        open={form.open}
        editing={form.editing}
        nextSort={nextSort(rows)}
        onClose={() => setForm({ open: false, editing: null })}
      />
    </>
  );
}
