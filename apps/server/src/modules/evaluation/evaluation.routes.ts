import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { createOnce } from '../ledger/index.ts';
import { adminEvaluationList, adminEvaluationReply } from './evaluation-admin.service.ts';
import { addEvaluation, listEvaluations, listItemEvaluations } from './evaluation.service.ts';

/** Evaluations (ADR 0048): the customer's calls scoped to `user`, the item's open list, the console's behind evaluation.reply and reach. */
export const evaluationRoutes = (ctx: AppContext) =>
  ({
    evaluateAdd: ({ user, body, ip }) =>
      createOnce(ctx, { userId: user.id }, 'evaluate/add', body, (t) => addEvaluation(t, user.id, body, ip)),
    evaluateList: ({ user, body }) => listEvaluations(ctx, user.id, body),
    evaluatePublicList: ({ query }) => listItemEvaluations(ctx, query),
    adminEvaluationList: ({ staff, query }) => adminEvaluationList(ctx, staff, query),
    adminEvaluationReply: ({ staff, body, ip }) =>
      createOnce(ctx, { staffId: staff.id }, 'evaluation/reply', body, (t, form) => adminEvaluationReply(t, staff, form, ip)),
  }) satisfies Handlers;
