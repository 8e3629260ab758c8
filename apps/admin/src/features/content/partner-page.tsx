import { PlusOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Image, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { LoadError } from '@/components/load-error.tsx';
import { HistoryButton } from '@/components/history-button.tsx';
import { nextSort, orderColumn } from '@/components/reorder.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { PartnerFormModal, type PartnerRow } from './partner-form-modal.tsx';
import { ListTable } from '@/components/list-table.tsx';

/** 合作机构: the partner logos of the home page in their order; add, edit, reorder, remove. */
export default function PartnerPage() {
  const { modal, message } = App.useApp();
  const queries = useQueryClient();
  const [form, setForm] = useState<{ open: boolean; editing: PartnerRow | null }>({ open: false, editing: null });
  const list = useQuery({ queryKey: ['partnerList'], queryFn: () => call('partnerList', {}, { feedback: false }) });
  const rows = list.data ?? [];
  const done = (text: string) => {
    void message.success(text);
    void queries.invalidateQueries({ queryKey: ['partnerList'] });
    void queries.invalidateQueries({ queryKey: ['auditList'] });
  };
  const sort = useWrite({
    mutationFn: (ids: number[]) => call('partnerSort', { body: { ids } }, { feedback: false }),
    onSuccess: (list) => {
      queries.setQueryData(['partnerList'], list);
      done('已调整顺序');
    },
  });
  const remove = useWrite({ mutationFn: (id: number) => call('partnerRemove', { body: { id } }), onSuccess: () => done('已删除') });

  const columns: TableProps<PartnerRow>['columns'] = [
    orderColumn(rows, sort, 96),
    {
      title: '标志',
      dataIndex: 'img',
      width: 140,
      render: (img: string) => <Image src={img} alt="" width={120} height={40} style={{ objectFit: 'contain' }} />,
    },
    { title: '名称', dataIndex: 'name' },
    { title: '链接', dataIndex: 'url', ellipsis: true, render: (url: string) => url || '—' },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_: unknown, p) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setForm({ open: true, editing: p })}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: `删除合作机构“${p.name}”？`,
                content: '删除后首页不再显示其标志，且不能恢复。',
                okText: '删除',
                okButtonProps: { danger: true },
                onOk: () => remove.mutateAsync(p.id),
              })
            }
          >
            删除
          </Button>
          <HistoryButton objectType="partner" objectId={p.id} title={p.name} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle title="合作机构">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>
          新增合作机构
        </Button>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<PartnerRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 760 }}
          locale={{ emptyText: <Empty description="还没有合作机构" /> }}
        />
      )}
      <PartnerFormModal
        key={form.editing?.id ?? 'new'}
        open={form.open}
        editing={form.editing}
        nextSort={nextSort(rows)}
        onClose={() => setForm({ open: false, editing: null })}
      />
    </>
  );
}
