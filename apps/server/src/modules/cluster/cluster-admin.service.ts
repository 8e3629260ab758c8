// The console's 课题组 room (ADR 0051): read only, behind cluster.read
// (finance, manager; admin). Finance and admin reach every group; a manager
// only groups whose owner is their customer (as customers, ADR 0035).
import type { AdminClusterDetail, AdminClusterListQuery, AdminClusterSummary } from '@yance/contracts/cluster';
import { NO_CLUSTER } from '@yance/contracts/cluster';
import { seesAllCustomers } from '@yance/contracts/customer';
import type { Page } from '@yance/contracts/paging';
import type { AppContext, StaffCaller } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import * as ledger from '../ledger/index.ts';
import * as repo from './cluster.repository.ts';

type AdminRow = NonNullable<Awaited<ReturnType<typeof repo.findAdminCluster>>>;

const summaryOf = (r: AdminRow): AdminClusterSummary => ({
  id: r.id,
  name: r.name,
  institution: r.institution,
  ownerId: r.ownerId,
  ownerName: r.ownerName,
  ownerPhone: r.ownerPhone,
  memberCount: r.memberCount,
  pendingCount: r.pending,
  createdAt: r.createdAt.toISOString(),
});

const managerOf = (caller: StaffCaller) => (seesAllCustomers(caller.roles) ? undefined : caller.id);

/** cluster/list in the console: live groups newest first, by name, institution or the owner's phone. */
export async function adminClusterList(ctx: AppContext, caller: StaffCaller, q: AdminClusterListQuery): Promise<Page<AdminClusterSummary>> {
  const { rows, total } = await repo.pageAdminClusters(ctx.db, { kw: q.kw || undefined, managerId: managerOf(caller) }, q.page, q.pageSize);
  return { list: rows.map(summaryOf), total, page: q.page, pageSize: q.pageSize };
}

/** cluster/detail in the console: the group with its members (owner first) and pending applications; out of reach is 404. */
export async function adminClusterDetail(ctx: AppContext, caller: StaffCaller, id: number): Promise<AdminClusterDetail> {
  const row = await repo.findAdminCluster(ctx.db, id);
  const manager = managerOf(caller);
  if (!row || (manager !== undefined && row.ownerManagerId !== manager)) throw new AppError('NOT_FOUND', NO_CLUSTER);
  const people = await repo.listRowsWithPeople(ctx.db, [row.id], ['member', 'applied']);
  const rank = (s: string) => (s === 'member' ? 0 : 1);
  const members = people
    .sort((a, b) => rank(a.row.state) - rank(b.row.state))
    .map((p) => ({
      id: p.row.id,
      userId: p.row.userId,
      name: p.name,
      phone: p.phone,
      company: p.company,
      role: p.row.role,
      state: p.row.state,
      limitFen: p.row.limitFen,
      spentFen: p.row.spentFen,
      since: (p.row.joinedAt ?? p.row.createdAt).toISOString(),
    }));
  const balanceFen = await ledger.balanceOf(ctx, ledger.groupAccountOf(row.id));
  return { ...summaryOf(row), description: row.description, balanceFen, members };
}
