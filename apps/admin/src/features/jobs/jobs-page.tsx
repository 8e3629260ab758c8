import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App, Button, Empty, Select, Space, Typography, type TableProps } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '@yance/browser/api-client';
import { JOB_KIND_NAMES, JOB_KINDS, JOB_STATE_NAMES, type JobEntry, type JobKind } from '@yance/contracts/job';
import { JOB_STATES, type JobState } from '@yance/contracts/states';
import { LoadError } from '@/components/load-error.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { formatTime } from '@/lib/time.ts';
import { listPagination } from '@/lib/list-pagination.ts';
import { JobDrawer } from './job-drawer.tsx';
import { JobStateTag } from './job-state-tag.tsx';
import { ListTable } from '@/components/list-table.tsx';

const PAGE_SIZE = 20;
const oneOf = <T extends string>(all: readonly T[], v: string | null): T | undefined =>
  (all as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

/**
 * 后台任务: the job queue (ADR 0034), newest first, filtered by state and
 * kind, paged on the server. The filters live in the address (the dashboard's
 * 失败的任务 links to ?state=failed). A failed job can be queued again.
 */
export default function JobsPage() {
  const { modal } = App.useApp();
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = oneOf(JOB_STATES, params.get('state'));
  const kind = oneOf(JOB_KINDS, params.get('kind'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [viewing, setViewing] = useState<JobEntry | null>(null);
  const setFilter = (next: { state?: JobState; kind?: JobKind; page?: number }) => {
    const merged = { state, kind, page: 1, ...next };
    setParams(
      Object.fromEntries(
        Object.entries(merged)
          .filter(([k, v]) => v !== undefined && !(k === 'page' && v === 1))
          .map(([k, v]) => [k, String(v)]),
      ),
      { replace: true },
    );
  };

  const list = useQuery({
    queryKey: ['jobList', { state, kind, page }],
    queryFn: () => call('jobList', { query: { state, kind, page, pageSize: PAGE_SIZE } }, { feedback: false }),
    placeholderData: keepPreviousData,
  });
  const retry = useWrite({
    mutationFn: (id: number) => call('jobRetry', { body: { id } }),
    onSuccess: (job) => {
      setViewing((v) => (v?.id === job.id ? job : v));
      void queries.invalidateQueries({ queryKey: ['jobList'] });
      void queries.invalidateQueries({ queryKey: ['dashboard'] });
      void queries.invalidateQueries({ queryKey: ['auditList'] });
    },
  });
  const confirmRetry = (job: JobEntry) =>
    modal.confirm({
      title: `重试任务 #${job.id}？`,
      content: `“${JOB_KIND_NAMES[job.kind]}”将重新排队并立即执行，已尝试次数清零。任务应可重复执行（如短信会再发一次）。`,
      okText: '重试',
      onOk: () => retry.mutateAsync(job.id),
    });

  const columns: TableProps<JobEntry>['columns'] = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    { title: '类型', dataIndex: 'kind', width: 140, render: (k: JobKind) => JOB_KIND_NAMES[k] },
    { title: '状态', dataIndex: 'state', width: 90, render: (s: JobState) => <JobStateTag state={s} /> },
    { title: '尝试', key: 'attempts', width: 70, render: (_: unknown, j) => `${j.attempts}/${j.maxAttempts}` },
    { title: '执行时间', dataIndex: 'runAt', width: 170, render: formatTime },
    {
      title: '最后错误',
      dataIndex: 'lastError',
      ellipsis: true,
      render: (e: string | null) =>
        e ? <Typography.Text type="danger">{e}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_: unknown, j) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(j)}>
            详情
          </Button>
          {j.state === 'failed' && (
            <Button type="link" size="small" onClick={() => confirmRetry(j)}>
              重试
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle title="后台任务">
        <Space wrap>
          <Select
            placeholder="全部状态"
            aria-label="状态"
            allowClear
            style={{ width: 120 }}
            value={state}
            options={JOB_STATES.map((s) => ({ value: s, label: JOB_STATE_NAMES[s] }))}
            onChange={(s?: JobState) => setFilter({ state: s })}
          />
          <Select
            placeholder="全部类型"
            aria-label="任务类型"
            allowClear
            style={{ width: 160 }}
            value={kind}
            options={JOB_KINDS.map((k) => ({ value: k, label: JOB_KIND_NAMES[k] }))}
            onChange={(k?: JobKind) => setFilter({ kind: k })}
          />
        </Space>
      </PageTitle>
      {list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <ListTable<JobEntry>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          scroll={{ x: 900 }}
          onChange={(p) => setFilter({ page: p.current ?? 1 })}
          locale={{ emptyText: <Empty description={state || kind ? '没有符合条件的任务' : '还没有任务'} /> }}
          pagination={listPagination({ page, pageSize: PAGE_SIZE, total: list.data?.total, unit: '个' })}
        />
      )}
      <JobDrawer job={viewing} onClose={() => setViewing(null)} onRetry={confirmRetry} />
    </>
  );
}
