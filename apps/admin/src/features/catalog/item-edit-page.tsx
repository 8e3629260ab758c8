import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Card, Form, Result, Space, Spin, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import type { DeviceAdminDetail } from '@yance/contracts/catalog-admin';
import { LoadError } from '@/components/load-error.tsx';
import { ObjectHistory } from '@/components/object-history.tsx';
import { ItemForm } from './item-form.tsx';
import { bodyOf, NEW_ITEM, valuesOf, type ItemValues } from './item-values.ts';

/** The item with this rid (the list's keyword matches a rid exactly), or null. */
async function itemByRid(rid: string): Promise<DeviceAdminDetail | null> {
  const page = await call('catalogDeviceList', { query: { kw: rid, pageSize: 50 } }, { feedback: false });
  const row = page.list.find((d) => d.rid === rid);
  return row ? call('catalogDeviceDetail', { query: { id: row.id } }, { feedback: false }) : null;
}

function Editor({ item }: { item: DeviceAdminDetail | null }) {
  const [form] = Form.useForm<ItemValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const save = useWrite({
    mutationFn: (body: NonNullable<ReturnType<typeof bodyOf>>, idempotencyKey) =>
      item
        ? call('catalogDeviceEdit', { body: { ...body, id: item.id } })
        : call('catalogDeviceAdd', { body: { ...body, idempotencyKey } }),
    onSuccess: (saved) => {
      void message.success(item ? '已保存，店铺 10 秒内显示修改' : '已新增');
      void queries.invalidateQueries({ queryKey: ['catalogDeviceList'] });
      void queries.invalidateQueries({ queryKey: ['catalogChildList'] });
      void queries.invalidateQueries({ queryKey: ['auditList'] });
      queries.setQueryData(['catalogItem', saved.rid], saved);
      form.setFieldsValue(valuesOf(saved));
      if (!item || saved.rid !== item.rid) void navigate(`/catalog/items/${encodeURIComponent(saved.rid)}`, { replace: true });
    },
  });
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = bodyOf(form, form.getFieldsValue(true) as ItemValues, item?.id ?? null);
    if (body) save.mutate(body);
  };
  const saveButton = (
    <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
      {item ? '保存' : '新增'}
    </Button>
  );

  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <Link to="/catalog/items">
            <Button icon={<ArrowLeftOutlined />} aria-label="返回列表" />
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {item ? item.name : '新增检测项目'}
          </Typography.Title>
          {item && (item.onShelf ? <Tag color="green">在架</Tag> : <Tag>已下架</Tag>)}
        </Space>
        <Space wrap>
          {item && (
            <Button icon={<ExportOutlined />} href={`/detail/${encodeURIComponent(item.rid)}`} target="_blank" rel="noopener">
              在店铺中查看
            </Button>
          )}
          {saveButton}
        </Space>
      </Space>
      <ItemForm form={form} initial={item ? valuesOf(item) : NEW_ITEM} onChange={() => save.reset()} />
      <Space style={{ marginBottom: 24 }}>{saveButton}</Space>
      {item && (
        <Card title="操作记录" size="small">
          <ObjectHistory objectType="device" objectId={item.id} />
        </Card>
      )}
    </>
  );
}

/** 检测项目 › one item (/catalog/items/:rid) or a new one (/catalog/items/new): every field, its history, its storefront page. */
export default function ItemEditPage() {
  const rid = useParams().rid ?? 'new';
  const isNew = rid === 'new';
  const q = useQuery({ queryKey: ['catalogItem', rid], queryFn: () => itemByRid(rid), enabled: !isNew, staleTime: Infinity });
  if (isNew) return <Editor key="new" item={null} />;
  if (q.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!q.data)
    return (
      <Result
        status="404"
        title="项目不存在"
        subTitle={`没有编号为 ${rid} 的检测项目。`}
        extra={
          <Link to="/catalog/items">
            <Button type="primary">回到项目列表</Button>
          </Link>
        }
      />
    );
  return <Editor key={q.data.id} item={q.data} />;
}
