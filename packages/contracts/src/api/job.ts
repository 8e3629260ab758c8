import type { Endpoint } from '../endpoint.ts';
import { jobEntry, jobIdBody, jobQuery } from '../job.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

/** The job queue in the console (ADR 0034): what ran, what failed, and retrying a failed job. */
export const jobEndpoints = {
  jobList: { ...routes.jobList, summary: '后台任务列表（按状态、类型筛选，新的在前）', query: jobQuery, response: page(jobEntry) },
  jobRetry: {
    ...routes.jobRetry,
    summary: '重试失败的任务（重新排队，次数清零，写入操作日志）',
    body: jobIdBody,
    response: jobEntry,
    success: '已重新排队',
  },
} as const satisfies Record<string, Endpoint>;
