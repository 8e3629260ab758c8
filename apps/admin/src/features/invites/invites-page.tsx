import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Flex, Form, Input, Modal, Select, Space, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { formatFen } from '@yance/browser/format';
import { adminInviteMoveBody, type AdminInvite } from '@yance/contracts/invite';
import {
  INVITE_REWARD_STATE_NAMES,
  INVITE_REWARD_STATES,
  INVITE_REWARD_TRANSITIONS,
  INVITE_SUSPECT_NAMES,
  type InviteRewardAction,
  type InviteRewardState,
} from '@yance/contracts/invite-states';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { useIdempotencyKey } from '@/lib/idempotency-key.ts';
import { formatTime } from '@/lib/time.ts';
import { int, oneOf, useListQuery } from '@/lib/url-query.ts';
import { useChange } from '@/lib/use-change.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';
import { InviteSettingsCard } from './invite-settings-card.tsx';

const PAGE_SIZE = 20;
const ALL = 'all';
const NONE = 'none';
type StateFilter = InviteRewardState | typeof NONE | typeof ALL;

interface InviteQuery {
  page: number;
  state: StateFilter;
  keyword: string;
}
const readQuery = (params: URLSearchParams): InviteQuery => ({
  page: int(params.get('page')) || 1,
  state: oneOf(params.get('state'), [...INVITE_REWARD_STATES, NONE, ALL]) ?? ALL,
  keyword: params.get('keyword') ?? '',
});

const STATE_OPTIONS = [
  { value: ALL, label: '全部' },
  { value: NONE, label: '未首单' },
  ...INVITE_REWARD_STATES.map((s) => ({ value: s, label: INVITE_REWARD_STATE_NAMES[s] })),
];
const STATE_COLORS: Record<InviteRewardState, string> = { granted: 'green', withheld: 'orange', refused: 'red', off: 'default' };
const VIEWS = ['adminInviteList', 'adminLedgerReconcile', 'adminLedgerStatement', 'auditList'] as const;

/** 发放 / 确认不发放 a withheld reward: one idempotency key per opening. */
function MoveDialog({ row, action, onClose }: { row: AdminInvite; action: InviteRewardAction; onClose: () => void }) {
  const tr = INVITE_REWARD_TRANSITIONS[action];
  const idempotencyKey = useIdempotencyKey();
  const [form] = Form.useForm<{ note?: string }>();
  const move = useChange(
    (body: { id: number; note: string; idempotencyKey: string }) =>
      action === 'grant' ? call('adminInviteGrant', { body }) : call('adminInviteRefuse', { body }),
    { done: action === 'grant' ? '已审核通过' : '已确认不发放', refresh: VIEWS, onDone: onClose },
  );
  const submit = async () => {
    const { note } = await form.validateFields();
    move.mutate({ id: row.rewardId!, note: adminInviteMoveBody.shape.note.parse(note ?? '') ?? '', idempotencyKey });
  };
  return (
    <Modal
      title={`${tr.label} · ${row.inviteePhone}`}
      open
      onCancel={onClose}
      onOk={() => void submit().catch(() => {})}
      okText={tr.label}
      okButtonProps={{ danger: action === 'refuse' }}
      cancelText="返回"
      confirmLoading={move.isPending}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="邀请人">{row.inviter}</Descriptions.Item>
        <Descriptions.Item label="首单">{row.orderNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="暂缓原因">{row.suspects.map((s) => INVITE_SUSPECT_NAMES[s]).join('；') || '—'}</Descriptions.Item>
        <Descriptions.Item label="奖励">
          {row.scheme === 'flat'
            ? `邀请人 ${formatFen(row.inviterFen)}${row.inviteeFen > 0 ? `，被邀请人 ${formatFen(row.inviteeFen)}` : ''}（旧规则，记入预存余额）`
            : `通过后，好友${row.windowLastDay ? ` ${row.windowLastDay} 前` : ''}的付款（含已付的）按当前比例计返利，记入邀请人的返利钱包`}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical">
        <Form.Item
          name="note"
          label={action === 'refuse' ? '原因' : '备注'}
          rules={[
            ...(tr.note === 'required' ? [{ required: true, whitespace: true, message: '[原因]不能为空' }] : []),
            { max: 200, message: '[备注]不能超过200个字' },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 邀请有礼 (/invites, ADR 0054, ADR 0069): the programme's settings and every invitation with what it earned; withheld ones are granted or refused here. */
export default function InvitesPage() {
  const [query, update] = useListQuery(readQuery);
  const [moving, setMoving] = useState<{ row: AdminInvite; action: InviteRewardAction } | null>(null);
  const [keyword, setKeyword] = useState(query.keyword);
  const list = useQuery({
    queryKey: ['adminInviteList', query],
    queryFn: () =>
      call(
        'adminInviteList',
        {
          query: {
            page: query.page,
            pageSize: PAGE_SIZE,
            state: query.state === ALL ? undefined : query.state,
            keyword: query.keyword || undefined,
          },
        },
        { feedback: false },
      ),
    placeholderData: keepPreviousData,
  });
  const columns: TableProps<AdminInvite>['columns'] = [
    { title: '邀请人', dataIndex: 'inviter', width: 180 },
    { title: '被邀请人', dataIndex: 'inviteePhone', width: 120 },
    { title: '注册时间', dataIndex: 'registeredAt', width: 150, render: (v: string) => formatTime(v) },
    {
      title: '首单',
      key: 'order',
      width: 170,
      render: (_: unknown, r) =>
        r.orderNo ? (
          <span>
            {r.orderNo}
            <div style={{ opacity: 0.65 }}>{r.paidAt ? formatTime(r.paidAt) : ''}</div>
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (s: InviteRewardState | null) => (s ? <Tag color={STATE_COLORS[s]}>{INVITE_REWARD_STATE_NAMES[s]}</Tag> : <Tag>未首单</Tag>),
    },
    {
      title: '奖励',
      key: 'reward',
      width: 150,
      align: 'right',
      render: (_: unknown, r) =>
        r.scheme === 'flat' ? (
          `${formatFen(r.inviterFen)}${r.inviteeFen > 0 ? ` + ${formatFen(r.inviteeFen)}` : ''}（旧规则）`
        ) : (
          <span>
            返利 {formatFen(r.rebateFen)}
            {r.windowLastDay && <div style={{ opacity: 0.65 }}>返利期至 {r.windowLastDay}</div>}
          </span>
        ),
    },
    {
      title: '原因 / 备注',
      key: 'reason',
      width: 220,
      render: (_: unknown, r) => {
        const reasons = r.suspects.map((s) => INVITE_SUSPECT_NAMES[s]).join('；');
        return reasons || r.note ? (
          <span>
            {reasons}
            {r.note && <div style={{ opacity: 0.75 }}>备注：{r.note}</div>}
          </span>
        ) : (
          '—'
        );
      },
    },
    {
      title: '处理',
      key: 'decided',
      width: 150,
      render: (_: unknown, r) => (r.decidedAt ? `${r.decidedBy} ${formatTime(r.decidedAt)}` : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_: unknown, r) =>
        r.state === 'withheld' ? (
          <Space>
            <Button size="small" type="primary" onClick={() => setMoving({ row: r, action: 'grant' })}>
              审核通过
            </Button>
            <Button size="small" danger onClick={() => setMoving({ row: r, action: 'refuse' })}>
              确认不发放
            </Button>
          </Space>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <PageTitle title="邀请有礼">{null}</PageTitle>
      <InviteSettingsCard />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="奖励状态"
          options={STATE_OPTIONS}
          style={{ width: 120 }}
          value={query.state}
          onChange={(state: StateFilter) => update({ state, page: 1 })}
        />
        <Input.Search
          aria-label="手机号"
          placeholder="邀请人或被邀请人手机号"
          allowClear
          style={{ width: 240 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim(), page: 1 })}
        />
      </Flex>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<AdminInvite>
          rowKey="inviteeId"
          size="middle"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 1400 }}
          locale={{ emptyText: <Empty description="没有邀请记录" /> }}
          pagination={listPagination({
            page: query.page,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            unit: '条',
            onPage: (page) => update({ page }),
          })}
        />
      )}
      {moving && <MoveDialog row={moving.row} action={moving.action} onClose={() => setMoving(null)} />}
    </>
  );
}
