import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { createOnce } from '../ledger/index.ts';
import { adminClusterDetail, adminClusterList } from './cluster-admin.service.ts';
import {
  addByPhone,
  answerApplication,
  applyToCluster,
  assignLimit,
  countLookUp,
  lookUpUser,
  removeMember,
  transferCluster,
} from './cluster-member.service.ts';
import { addCluster, deleteCluster, editCluster, joinedClusters, ownedClusters, searchClusters } from './cluster.service.ts';

/** Research groups (ADR 0051): the customer's calls scoped to `user` (another's group answers 404); the console's read-only room. */
export const clusterRoutes = (ctx: AppContext) =>
  ({
    clusterAdd: ({ user, body, ip }) => createOnce(ctx, { userId: user.id }, 'cluster/add', body, (t) => addCluster(t, user.id, body, ip)),
    clusterEdit: ({ user, body, ip }) => editCluster(ctx, user.id, body, ip),
    clusterDel: ({ user, body, ip }) => deleteCluster(ctx, user.id, body.id, ip),
    clusterSearch: ({ user, body }) => searchClusters(ctx, user.id, body),
    clusterApply: ({ user, body, ip }) =>
      createOnce(ctx, { userId: user.id }, 'cluster/apply', body, (t) => applyToCluster(t, user.id, body, ip)),
    clusterAgree: ({ user, body, ip }) => answerApplication(ctx, user.id, body, ip),
    clusterJoined: ({ user, body }) => joinedClusters(ctx, user.id, body),
    clusterAll: ({ user, body }) => ownedClusters(ctx, user.id, body.id),
    clusterTransfer: ({ user, body, ip }) => transferCluster(ctx, user.id, body, ip),
    // The look-up is counted before the key's transaction (the counter store may be this database).
    clusterAdd4user: async ({ user, body, ip }) => {
      await countLookUp(ctx, user.id);
      return createOnce(ctx, { userId: user.id }, 'cluster/add4user', body, (t, form) => addByPhone(t, user.id, form, ip, true));
    },
    clusterSearch4user: ({ user, body }) => lookUpUser(ctx, user.id, body),
    clusterDelete4user: ({ user, body, ip }) => removeMember(ctx, user.id, body.id, ip),
    clusterAssign: ({ user, body, ip }) => assignLimit(ctx, user.id, body, ip),
    adminClusterList: ({ staff, query }) => adminClusterList(ctx, staff, query),
    adminClusterDetail: ({ staff, query }) => adminClusterDetail(ctx, staff, query.id),
  }) satisfies Handlers;
