import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Empty, Input, Select, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '@yance/browser/api-client';
import { customerListQuery, seesAllCustomers, type CustomerSummary } from '@yance/contracts/customer';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ATTESTATION_OPTIONS, AttestationTag, DisabledTag, organizationName, ORGANIZATION_OPTIONS } from './customer-labels.tsx';
import { apiQueryOf, SEARCH_FIELDS, useCustomerQuery, type SearchField } from './customer-query.ts';
import { useManagers } from './use-managers.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const STATE_OPTIONS = [
  { value: 'false', label: '正常' },
  { value: 'true', label: '已停用' },
];

/** 客户列表: server-paged, searched by phone, name or company, filtered; a manager gets only their own customers from the server. */
export default function CustomersPage() {
  const { message } = App.useApp();
  const { data: me } = useMe();
  const seesAll = !!me && seesAllCustomers(me.roles);
  const [query, update] = useCustomerQuery();
  const [field, setField] = useState<SearchField>(query.field);
  const managers = useManagers(seesAll);

  const list = useQuery({
    queryKey: ['customerList', query],
    queryFn: () => call('customerList', { query: apiQueryOf(query, PAGE_SIZE) }, { feedback: false }),
    placeholderData: keepPreviousData,
  });

  const search = (raw: string) => {
    const kw = raw.trim();
    // The same rule the server applies (digits only for a phone), said before asking it.
    const checked = customerListQuery.shape[field].safeParse(kw);
    if (!checked.success) return void message.warning(checked.error.issues[0]?.message);
    update({ field, kw });
  };

  const columns: TableProps<CustomerSummary>['columns'] = [
    {
      title: '姓名',
      dataIndex: 'name',
      width: 120,
      fixed: 'left',
      render: (name: string, c) => <Link to={`/customers/${c.id}`}>{name || c.username || '未填写'}</Link>,
    },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '单位', dataIndex: 'company', ellipsis: true, render: (v: string) => v || '—' },
    { title: '用户类型', dataIndex: 'organization', width: 90, render: organizationName },
    { title: '认证', dataIndex: 'attestation', width: 90, render: (s: CustomerSummary['attestation']) => <AttestationTag state={s} /> },
    { title: '客户经理', dataIndex: 'managerName', width: 110, render: (v: string) => v || '未分配' },
    {
      title: '注册时间',
      dataIndex: 'createdAt',
      width: 180,
      sorter: true,
      sortOrder: query.sort === 'createdAsc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: formatTime,
    },
    { title: '状态', dataIndex: 'disabled', width: 80, render: (d: boolean) => <DisabledTag disabled={d} /> },
    { title: '操作', key: 'actions', width: 70, render: (_: unknown, c) => <Link to={`/customers/${c.id}`}>详情</Link> },
  ];

  const onChange: TableProps<CustomerSummary>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = one?.order === 'ascend' ? 'createdAsc' : 'createdDesc';
    if (sort !== query.sort) update({ sort });
    else update({ page: pagination.current ?? 1 });
  };
  const filtered = !!(query.kw || query.organization !== undefined || query.attestation || query.managerId || query.disabled);

  return (
    <>
      <PageTitle title="客户列表">
        <Space wrap>
          <Space.Compact>
            <Select<SearchField> aria-label="搜索项" value={field} onChange={setField} options={[...SEARCH_FIELDS]} style={{ width: 90 }} />
            <Input.Search
              key={query.kw}
              defaultValue={query.kw}
              placeholder={
                field === 'phone' ? '手机号（开头几位即可）' : field === 'name' ? '姓名（开头几字即可）' : '单位名称（开头几字即可）'
              }
              aria-label="搜索客户"
              allowClear
              maxLength={field === 'phone' ? 11 : 64}
              style={{ width: 230 }}
              onSearch={search}
            />
          </Space.Compact>
          <Select
            aria-label="用户类型"
            placeholder="全部类型"
            allowClear
            options={ORGANIZATION_OPTIONS}
            style={{ width: 110 }}
            value={query.organization}
            onChange={(organization?: number) => update({ organization })}
          />
          <Select
            aria-label="认证状态"
            placeholder="全部认证状态"
            allowClear
            options={ATTESTATION_OPTIONS}
            style={{ width: 130 }}
            value={query.attestation}
            onChange={(attestation?: CustomerSummary['attestation']) => update({ attestation })}
          />
          {seesAll && (
            <Select
              aria-label="客户经理"
              placeholder="全部客户经理"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={managers.isPending}
              options={managers.data?.map((m) => ({ value: m.id, label: m.disabled ? `${m.name}（已停用）` : m.name }))}
              style={{ width: 150 }}
              value={query.managerId}
              onChange={(managerId?: number) => update({ managerId })}
            />
          )}
          <Select
            aria-label="账号状态"
            placeholder="全部状态"
            allowClear
            options={STATE_OPTIONS}
            style={{ width: 110 }}
            value={query.disabled}
            onChange={(disabled?: 'true' | 'false') => update({ disabled })}
          />
        </Space>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<CustomerSummary>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          onChange={onChange}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty description={filtered ? '没有符合条件的客户' : '还没有客户'} /> }}
          pagination={listPagination({ page: query.page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '位客户' })}
        />
      )}
    </>
  );
}
