import { Button, Descriptions, Drawer, Grid, Typography } from 'antd';
import { JOB_KIND_NAMES, type JobEntry } from '@yance/contracts/job';
import { ObjectHistory } from '@/components/object-history.tsx';
import { formatTime } from '@/lib/time.ts';
import { JobStateTag } from './job-state-tag.tsx';

/** One job: its state, tries and last error in full, and who retried it (the audit log's rows of type job). */
export function JobDrawer({ job, onClose, onRetry }: { job: JobEntry | null; onClose: () => void; onRetry: (job: JobEntry) => void }) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      title={job ? `任务 #${job.id}` : ''}
      open={job !== null}
      onClose={onClose}
      size={screens.md ? 560 : '100%'}
      extra={
        job?.state === 'failed' && (
          <Button type="primary" onClick={() => onRetry(job)}>
            重试
          </Button>
        )
      }
    >
      {job && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="类型">{JOB_KIND_NAMES[job.kind]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <JobStateTag state={job.state} />
            </Descriptions.Item>
            <Descriptions.Item label="尝试次数">
              {job.attempts} / {job.maxAttempts}
            </Descriptions.Item>
            <Descriptions.Item label="执行时间">{formatTime(job.runAt)}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatTime(job.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{formatTime(job.updatedAt)}</Descriptions.Item>
            <Descriptions.Item label="完成时间">{job.finishedAt ? formatTime(job.finishedAt) : '—'}</Descriptions.Item>
            <Descriptions.Item label="最后错误">
              {job.lastError ? (
                <Typography.Text type="danger" style={{ whiteSpace: 'pre-wrap' }}>
                  {job.lastError}
                </Typography.Text>
              ) : (
                '—'
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            操作记录
          </Typography.Title>
          <ObjectHistory objectType="job" objectId={job.id} />
        </>
      )}
    </Drawer>
  );
}
