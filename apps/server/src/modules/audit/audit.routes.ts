import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { listAudit } from './audit.service.ts';

/** The audit log, read-only (issue 8). */
export const auditRoutes = (ctx: AppContext) =>
  ({
    auditList: ({ query }) => listAudit(ctx, query),
  }) satisfies Handlers;
