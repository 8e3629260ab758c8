import { PlusOutlined } from '@ant-design/icons';
import { useWrite } from '@yance/browser/use-write';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, Select, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { STAFF_ROLE_NAMES, STAFF_ROLES, totpRequired, type StaffRole, type StaffSort } from '@yance/contracts/staff';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { useChange } from '@/lib/use-change.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { StaffDrawer } from './staff-drawer.tsx';
import { StaffFormModal, type StaffRow } from './staff-form-modal.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_NAMES[r] }));

/** 员工: the staff list (server paging, search, role filter, sort), add and edit, disable or enable, reset another member's password or TOTP. */
export default function StaffPage() {
  const { modal, message } = App.useApp();
  const queries = useQueryClient();
  const [query, setQuery] = useState<{ page: number; kw: string; role?: StaffRole; sort: StaffSort }>({
    page: 1,
    kw: '',
    sort: 'createdAt',
  });
  const [form, setForm] = useState<{ open: boolean; editing: StaffRow | null }>({ open: false, editing: null });
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const [viewing, setViewing] = useState<StaffRow | null>(null);
  const me = useMe().data;

  const list = useQuery({
    queryKey: ['staffList', query],
    queryFn: () => call('staffList', { query: { ...query, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const toggle = useWrite({
    mutationFn: (s: StaffRow) => call(s.disabled ? 'staffEnable' : 'staffDisable', { body: { id: s.id } }),
    onSuccess: (s) => {
      void message.success(s.disabled ? '已停用' : '已启用');
      void queries.invalidateQueries({ queryKey: ['staffList'] });
      void queries.invalidateQueries({ queryKey: ['auditList'] });
    },
  });
  const resetTotp = useChange((s: StaffRow) => call('staffResetTotp', { body: { id: s.id } }), {
    done: '动态验证码已重置',
    refresh: ['staffList', 'auditList'],
  });
  const confirmResetTotp = (s: StaffRow) =>
    modal.confirm({
      title: `重置 ${s.name || s.account} 的动态验证码？`,
      content: totpRequired(s.roles)
        ? '其动态验证码和恢复码立即作废、所有登录失效；下次登录时须重新绑定（手机丢失时使用）。'
        : '其动态验证码和恢复码立即作废、所有登录失效；之后只用密码登录，可在“账号安全”中重新开启。',
      okText: '重置',
      okButtonProps: { danger: true },
      onOk: () => resetTotp.mutateAsync(s),
    });
  const confirmToggle = (s: StaffRow) =>
    modal.confirm({
      title: s.disabled ? `启用员工 ${s.name || s.account}？` : `停用员工 ${s.name || s.account}？`,
      content: s.disabled ? '启用后可用原密码登录。' : '停用后其所有登录立即失效，且不能再登录，直到重新启用。',
      okText: s.disabled ? '启用' : '停用',
      okButtonProps: { danger: !s.disabled },
      onOk: () => toggle.mutateAsync(s),
    });

  const sortOf = (field: 'account' | 'createdAt') =>
    query.sort === field ? ('ascend' as const) : query.sort === `-${field}` ? ('descend' as const) : null;
  const columns: TableProps<StaffRow>['columns'] = [
    { title: '账号', dataIndex: 'account', sorter: true, sortOrder: sortOf('account'), width: 140 },
    { title: '姓名', dataIndex: 'name', width: 120 },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: StaffRole[]) => roles.map((r) => <Tag key={r}>{STAFF_ROLE_NAMES[r]}</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 90,
      render: (disabled: boolean) => (disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">启用</Tag>),
    },
    {
      title: '动态验证码',
      key: 'totp',
      width: 110,
      render: (_: unknown, s) =>
        s.totpEnabled ? <Tag color="green">已开启</Tag> : totpRequired(s.roles) ? <Tag color="orange">待绑定</Tag> : <Tag>未开启</Tag>,
    },
    { title: '加入时间', dataIndex: 'createdAt', sorter: true, sortOrder: sortOf('createdAt'), width: 180, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 370,
      render: (_: unknown, s) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(s)}>
            详情
          </Button>
          <Button type="link" size="small" onClick={() => setForm({ open: true, editing: s })}>
            编辑
          </Button>
          <Button type="link" size="small" danger={!s.disabled} onClick={() => confirmToggle(s)}>
            {s.disabled ? '启用' : '停用'}
          </Button>
          {/* One's own password is changed in 账号安全, with the current one (the server refuses it here). */}
          {s.id !== me?.id && (
            <Button type="link" size="small" onClick={() => setResetting(s)}>
              重置密码
            </Button>
          )}
          {s.totpEnabled && (
            <Button type="link" size="small" danger onClick={() => confirmResetTotp(s)}>
              重置动态验证码
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const onChange: TableProps<StaffRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? (one.field as 'account' | 'createdAt') : 'createdAt';
    const sort = (one?.order === 'descend' ? `-${field}` : field) as StaffSort;
    setQuery((q) => ({ ...q, sort, page: sort === q.sort ? (pagination.current ?? 1) : 1 }));
  };

  return (
    <>
      <PageTitle title="员工">
        <Space wrap>
          <Input.Search
            placeholder="账号或姓名"
            allowClear
            maxLength={32}
            style={{ width: 200 }}
            onSearch={(kw) => setQuery((q) => ({ ...q, kw: kw.trim(), page: 1 }))}
          />
          <Select
            placeholder="全部角色"
            allowClear
            options={ROLE_OPTIONS}
            style={{ width: 130 }}
            value={query.role}
            onChange={(role?: StaffRole) => setQuery((q) => ({ ...q, role, page: 1 }))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>
            新增员工
          </Button>
        </Space>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<StaffRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          onChange={onChange}
          scroll={{ x: 1110 }}
          locale={{ emptyText: <Empty description={query.kw || query.role ? '没有符合条件的员工' : '还没有员工'} /> }}
          pagination={listPagination({ page: query.page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '人' })}
        />
      )}
      <StaffFormModal
        key={form.editing?.id ?? 'new'}
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
      <ResetPasswordModal staff={resetting} onClose={() => setResetting(null)} />
      <StaffDrawer staff={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
