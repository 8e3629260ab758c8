import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  DatePicker,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Select,
  Space,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { AUDIT_ACTOR_KINDS, type AuditActorKind, type AuditEntry } from '@yance/contracts/staff';
import { AuditChanges } from '@/components/audit-changes.tsx';
import { ACTOR_KIND_NAMES, actionName, OBJECT_TYPE_NAMES, objectTypeName } from '@/components/audit-labels.ts';
import { LoadError } from '@/components/load-error.tsx';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

interface Filters {
  actorKind?: AuditActorKind;
  actorId?: number;
  objectType?: string;
  objectId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The filter form's values as auditList's query: the range becomes ISO times, from inclusive, to exclusive (the end second included). */
function queryOf(f: Filters) {
  const [from, to] = f.range ?? [];
  return {
    actorKind: f.actorKind,
    actorId: f.actorId ?? undefined,
    objectType: f.objectType?.trim() || undefined,
    objectId: f.objectId?.trim() || undefined,
    from: from ? from.startOf('second').toISOString() : undefined,
    to: to ? to.startOf('second').add(1, 'second').toISOString() : undefined,
  };
}

const columns: TableProps<AuditEntry>['columns'] = [
  { title: '时间', dataIndex: 'at', width: 170, render: formatTime },
  {
    title: '操作人',
    key: 'actor',
    width: 170,
    render: (_: unknown, r) => (
      <>
        <Tag>{ACTOR_KIND_NAMES[r.actorKind]}</Tag>
        {r.actorName}
        {r.actorId !== null && <Typography.Text type="secondary"> #{r.actorId}</Typography.Text>}
      </>
    ),
  },
  { title: '动作', dataIndex: 'action', width: 110, render: actionName },
  { title: '对象', key: 'object', width: 110, render: (_: unknown, r) => `${objectTypeName(r.objectType)} #${r.objectId}` },
  {
    title: '变更',
    dataIndex: 'changes',
    render: (changes: AuditEntry['changes'], r) => <AuditChanges objectType={r.objectType} changes={changes} />,
  },
  { title: 'IP', dataIndex: 'ip', width: 130 },
];

/** 操作日志: the audit log, filtered by actor, object and time, newest first, paged on the server. */
export default function AuditPage() {
  const [form] = Form.useForm<Filters>();
  // On a phone the filters stack, and the time range takes the whole width.
  const narrow = !Grid.useBreakpoint().md;
  const [filters, setFilters] = useState<Partial<ReturnType<typeof queryOf>>>({});
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['auditList', { ...filters, page }],
    queryFn: () => call('auditList', { query: { ...filters, page, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const apply = (values: Filters) => {
    setFilters(queryOf(values));
    setPage(1);
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        操作日志
      </Typography.Title>
      <Form form={form} layout={narrow ? 'vertical' : 'inline'} onFinish={apply} style={{ marginBottom: 16, rowGap: 12 }}>
        <Form.Item name="actorKind" label="操作人">
          <Select
            placeholder="全部"
            allowClear
            style={{ width: 100 }}
            options={AUDIT_ACTOR_KINDS.map((k) => ({ value: k, label: ACTOR_KIND_NAMES[k] }))}
          />
        </Form.Item>
        <Form.Item name="actorId" label="操作人 ID">
          <InputNumber min={1} precision={0} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="objectType" label="对象类型">
          <AutoComplete
            allowClear
            style={{ width: 120 }}
            placeholder="如 staff"
            options={Object.entries(OBJECT_TYPE_NAMES).map(([value, label]) => ({ value, label: `${label}（${value}）` }))}
          />
        </Form.Item>
        <Form.Item name="objectId" label="对象 ID">
          <Input allowClear maxLength={64} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="range" label="时间">
          <DatePicker.RangePicker showTime style={narrow ? { width: '100%' } : undefined} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AuditEntry>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的记录' : '还没有操作记录'} /> }}
          pagination={listPagination({ page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '条', onPage: setPage })}
        />
      )}
    </>
  );
}
