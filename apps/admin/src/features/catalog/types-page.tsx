import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Image, Segmented, Space, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { LoadError } from '@/components/load-error.tsx';
import { orderColumn } from '@/components/reorder.tsx';
import { ChildFormModal, type ChildRow } from './child-form-modal.tsx';
import { TypeEditModal, type TypeRow } from './type-edit-modal.tsx';
import { useChildren, useTypes } from './use-taxonomy.ts';
import { ListTable } from '@/components/list-table.tsx';

function TypeCard({ type, onEdit }: { type: TypeRow; onEdit: () => void }) {
  return (
    <Card
      size="small"
      title={type.name}
      extra={
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
          编辑
        </Button>
      }
      style={{ flex: '1 1 260px' }}
    >
      <Flex gap={12}>
        {type.img ? <Image src={type.img} alt="" width={72} height={54} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
        <div>
          <div style={{ marginBottom: 6 }}>
            {type.discount_label ? (
              <Tag color="red">{type.discount_label}</Tag>
            ) : (
              <Typography.Text type="secondary">无优惠标签</Typography.Text>
            )}
          </div>
          {type.tags.map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
        </div>
      </Flex>
    </Card>
  );
}

/** 项目分类: the three project types (edit) and each type's child categories (add, edit, reorder, remove). */
export default function TypesPage() {
  const { modal, message } = App.useApp();
  const queries = useQueryClient();
  const types = useTypes();
  const [typeId, setTypeId] = useState<number | null>(null);
  const current = typeId ?? types.data?.[0]?.id ?? 0;
  const children = useChildren(current || undefined);
  const [editingType, setEditingType] = useState<TypeRow | null>(null);
  const [childForm, setChildForm] = useState<{ open: boolean; editing: ChildRow | null }>({ open: false, editing: null });
  const refresh = () => void queries.invalidateQueries({ queryKey: ['catalogChildList'] });

  const sort = useWrite({ mutationFn: (ids: number[]) => call('catalogChildSort', { body: { ids } }), onSuccess: refresh });
  const remove = useWrite({
    mutationFn: (c: ChildRow) => call('catalogChildRemove', { body: { id: c.id } }, { feedback: false }),
    onSuccess: () => {
      void message.success('已删除');
      refresh();
    },
    // The server refuses a category that still has items; its message says how many.
    onError: (err) => modal.error({ title: '不能删除', content: err.message }),
  });
  const confirmRemove = (c: ChildRow) =>
    modal.confirm({
      title: `删除分类「${c.name}」？`,
      content: c.items > 0 ? `该分类下还有 ${c.items} 个项目，需先把它们移到其他分类。` : '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(c).catch(() => {}),
    });

  const rows = children.data ?? [];
  const columns: TableProps<ChildRow>['columns'] = [
    orderColumn(rows, sort, 90),
    { title: '分类名称', dataIndex: 'name' },
    {
      title: '项目（在架 / 全部）',
      key: 'items',
      width: 150,
      render: (_: unknown, c) => <Link to={`/catalog/items?childId=${c.id}`}>{`${c.onShelf} / ${c.items}`}</Link>,
    },
    { title: '排序值', dataIndex: 'sort', width: 80, responsive: ['md'] },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setChildForm({ open: true, editing: c })}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmRemove(c)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  if (types.isError) return <LoadError error={types.error} retry={() => void types.refetch()} />;
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        项目分类
      </Typography.Title>
      <Flex gap={16} wrap style={{ marginBottom: 24 }}>
        {(types.data ?? []).map((t) => (
          <TypeCard key={t.id} type={t} onEdit={() => setEditingType(t)} />
        ))}
      </Flex>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Segmented
          value={current}
          onChange={(v) => setTypeId(v)}
          options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        />
        <Button type="primary" icon={<PlusOutlined />} disabled={!current} onClick={() => setChildForm({ open: true, editing: null })}>
          新增分类
        </Button>
      </Space>
      {children.isError ? (
        <LoadError error={children.error} retry={() => void children.refetch()} />
      ) : (
        <ListTable<ChildRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={children.isFetching || sort.isPending}
          pagination={false}
          scroll={{ x: 520 }}
          locale={{ emptyText: <Empty description="这个类型下还没有分类" /> }}
        />
      )}
      <TypeEditModal type={editingType} onClose={() => setEditingType(null)} />
      <ChildFormModal
        key={childForm.editing?.id ?? 'new'}
        open={childForm.open}
        typeId={current}
        editing={childForm.editing}
        onClose={() => setChildForm({ open: false, editing: null })}
      />
    </>
  );
}
