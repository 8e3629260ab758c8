import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Pagination, Spin, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { call } from '@yance/browser/api-client';
import { holds, useMe } from '@/lib/me.ts';
import { formatTime } from '@/lib/time.ts';
import { AuditChanges } from './audit-changes.tsx';
import { actionName } from './audit-labels.ts';

const PAGE_SIZE = 10;

/** One object's history from the audit log, newest first: who did what, when, and what changed. For every object's page. */
export function ObjectHistory({ objectType, objectId }: { objectType: string; objectId: string | number }) {
  const { data: me } = useMe();
  const allowed = holds(me, 'audit.read');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['auditList', { objectType, objectId: String(objectId), page }],
    queryFn: () => call('auditList', { query: { objectType, objectId: String(objectId), page, pageSize: PAGE_SIZE } }, { feedback: false }),
    enabled: allowed,
  });
  if (!allowed) return <Typography.Text type="secondary">查看操作记录需要“操作日志”权限。</Typography.Text>;
  if (q.isPending) return <Spin />;
  if (q.isError) return <Alert type="error" showIcon title={`操作记录加载失败：${q.error.message}`} />;
  if (q.data.total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" />;
  return (
    <>
      <Timeline
        items={q.data.list.map((row) => ({
          key: row.id,
          content: (
            <div data-testid="history-row">
              <div>
                <Typography.Text strong>{actionName(row.action)}</Typography.Text>
                <Typography.Text type="secondary">
                  {' '}
                  · {row.actorName} · {formatTime(row.at)}
                  {row.ip ? ` · ${row.ip}` : ''}
                </Typography.Text>
              </div>
              <AuditChanges objectType={row.objectType} changes={row.changes} />
            </div>
          ),
        }))}
      />
      {q.data.total > PAGE_SIZE && (
        <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={q.data.total} onChange={setPage} showSizeChanger={false} />
      )}
    </>
  );
}
