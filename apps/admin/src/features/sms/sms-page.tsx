import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Form, Input, Select, Space, Tag, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { SMS_PURPOSES } from '@yance/contracts/account';
import { smsOutboxQuery, type SmsOutboxEntry } from '@yance/contracts/sms-outbox';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;

/** What each code purpose (useFor) and notice number is for; an unknown one (a later issue's) shows its number. */
const PURPOSE_NAMES: Record<number, string> = {
  [SMS_PURPOSES.register]: '注册验证码',
  [SMS_PURPOSES.reset]: '找回密码验证码',
  [SMS_PURPOSES.login]: '登录验证码',
  [SMS_PURPOSES.contact]: '更换手机验证码',
  [SMS_PURPOSES.currentPhone]: '验证原手机验证码',
  100: '手机号变更通知',
};
const purposeName = (p: number) => PURPOSE_NAMES[p] ?? (p >= 100 ? `通知 #${p}` : `用途 ${p}`);
const PURPOSE_OPTIONS = Object.entries(PURPOSE_NAMES).map(([value, label]) => ({ value: Number(value), label }));
const phoneField = smsOutboxQuery.shape.phone;

const columns: TableProps<SmsOutboxEntry>['columns'] = [
  { title: '时间', dataIndex: 'createdAt', width: 170, render: formatTime },
  { title: '手机号', dataIndex: 'phone', width: 120 },
  { title: '用途', dataIndex: 'purpose', width: 140, render: purposeName },
  { title: '通道', dataIndex: 'provider', width: 90 },
  { title: '内容', dataIndex: 'content', render: (c: string) => <span style={{ wordBreak: 'break-all' }}>{c}</span> },
  {
    title: '状态',
    key: 'status',
    width: 160,
    render: (_: unknown, r) =>
      r.status === 'sent' ? (
        <Tag color="green">已发送</Tag>
      ) : (
        <>
          <Tag color="red">失败</Tag>
          {r.error && <Typography.Text type="danger">{r.error}</Typography.Text>}
        </>
      ),
  },
];

/**
 * 短信记录: every text sent or tried, newest first, by phone and purpose,
 * paged on the server. Codes show only for the console provider (a real
 * gateway's codes are never stored).
 */
export default function SmsPage() {
  const [form] = Form.useForm<{ phone?: string }>();
  const [query, setQuery] = useState<{ page: number; phone?: string; purpose?: number }>({ page: 1 });
  const list = useQuery({
    queryKey: ['smsList', query],
    queryFn: () => call('smsList', { query: { ...query, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const search = async (phone: string) => {
    await form.validateFields();
    setQuery((q) => ({ ...q, phone: phone.trim() || undefined, page: 1 }));
  };

  return (
    <>
      <PageTitle title="短信记录">
        <Form form={form} layout="inline" component="div">
          <Space wrap align="start">
            <Form.Item
              name="phone"
              style={{ margin: 0 }}
              rules={[
                {
                  validator: async (_rule, value?: string) => {
                    const r = phoneField.safeParse((value ?? '').trim());
                    if (!r.success) throw new Error(r.error.issues[0]?.message);
                  },
                },
              ]}
            >
              <Input.Search
                placeholder="手机号"
                aria-label="手机号"
                allowClear
                maxLength={11}
                inputMode="numeric"
                style={{ width: 200 }}
                onSearch={(v) => void search(v).catch(() => {})}
              />
            </Form.Item>
            <Select
              placeholder="全部用途"
              aria-label="用途"
              allowClear
              style={{ width: 170 }}
              options={PURPOSE_OPTIONS}
              value={query.purpose}
              onChange={(purpose?: number) => setQuery((q) => ({ ...q, purpose, page: 1 }))}
            />
          </Space>
        </Form>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<SmsOutboxEntry>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          onChange={(p) => setQuery((q) => ({ ...q, page: p.current ?? 1 }))}
          locale={{ emptyText: <Empty description={query.phone || query.purpose !== undefined ? '没有符合条件的短信' : '还没有短信'} /> }}
          pagination={listPagination({ page: query.page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '条' })}
        />
      )}
    </>
  );
}
