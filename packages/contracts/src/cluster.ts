// Research groups (课题组, "cluster" in the API; issue 10, ADR 0051): a
// teacher creates a group; others search and apply; the owner agrees or
// refuses, adds members by phone, removes them, sets each member's spending
// limit and may hand the group to another member.
import { z } from 'zod';
import { phone } from './account.ts';
import { CUSTOMER, OWNER, type Transition } from './machine.ts';
import { createKey } from './idempotency.ts';
import { fen, fenData, id, optionalId } from './numbers.ts';
import { pagingQuery } from './paging.ts';
import { optionalText, text } from './text.ts';

export const CLUSTER_NAME_MAX = 40;
export const CLUSTER_INSTITUTION_MAX = 64;
export const CLUSTER_DESCRIPTION_MAX = 500;
export const CLUSTER_APPLY_MESSAGE_MAX = 200;
/** Live groups one customer may own (created or handed over). */
export const CLUSTERS_PER_OWNER = 5;
/** Members of one group, the owner included: a research group, not a school; bounds the owner's page. */
export const CLUSTER_MEMBERS_MAX = 200;
/** Pending applications the owner's page lists per group (newest first; the total is given). */
export const CLUSTER_APPLICATIONS_SHOWN = 50;
/** Phone look-ups (search4user and add4user) a customer may make in an hour: a phone → name oracle stays slow. */
export const CLUSTER_LOOKUPS_PER_HOUR = 30;

/** A member row's place in the group: the owner (负责人, exactly one per live group) or a member. */
export const CLUSTER_ROLES = ['owner', 'member'] as const;
export type ClusterRole = (typeof CLUSTER_ROLES)[number];
export const CLUSTER_ROLE_NAMES: Record<ClusterRole, string> = { owner: '负责人', member: '成员' };

/**
 * One row per application or membership: applied → member | refused;
 * member → removed (by the owner) | left (by the member, or the owner's row
 * when the group is deleted). refused, removed and left are final; applying
 * again makes a new row.
 */
export const CLUSTER_MEMBER_STATES = ['applied', 'member', 'refused', 'removed', 'left'] as const;
export type ClusterMemberState = (typeof CLUSTER_MEMBER_STATES)[number];
export const CLUSTER_MEMBER_STATE_NAMES: Record<ClusterMemberState, string> = {
  applied: '待审核',
  member: '已加入',
  refused: '已拒绝',
  removed: '已移出',
  left: '已退出',
};
/** The states of a live row: at most one per (group, customer), kept by a partial unique index. */
export const LIVE_MEMBER_STATES = ['applied', 'member'] as const satisfies readonly ClusterMemberState[];

/**
 * Every change of a member row's state, and the only one: the server's member
 * machine (modules/cluster/cluster-transition.ts, on the one engine) moves a
 * row only through this table, under the group's lock, with the audit log and
 * the affected customer's in-site message in the same transaction. `by` names
 * the group's owner (OWNER) or the row's own customer (CUSTOMER); an empty
 * `from` makes the row.
 */
export const CLUSTER_MEMBER_TRANSITIONS = {
  /** The creator's own row, made with the group (they are its owner already). */
  create: { label: '负责人入组', from: [], to: 'member', by: [OWNER] },
  apply: { label: '申请加入', from: [], to: 'applied', by: [CUSTOMER] },
  agree: { label: '同意加入', from: ['applied'], to: 'member', by: [OWNER] },
  refuse: { label: '拒绝申请', from: ['applied'], to: 'refused', by: [OWNER] },
  /** add4user: the owner adds a registered customer by phone (a pending application of theirs is agreed instead). */
  add: { label: '添加成员', from: [], to: 'member', by: [OWNER] },
  remove: { label: '移出课题组', from: ['member'], to: 'removed', by: [OWNER] },
  leave: { label: '退出课题组', from: ['member'], to: 'left', by: [CUSTOMER] },
  /** The owner's own row when the group is deleted (its pending applications are refused). */
  dissolve: { label: '解散课题组', from: ['member'], to: 'left', by: [OWNER] },
} as const satisfies Record<string, Transition<ClusterMemberState> & { to: ClusterMemberState }>;
export type ClusterMemberAction = keyof typeof CLUSTER_MEMBER_TRANSITIONS;

/** The refusals the pages show, in one place. */
export const CLUSTER_REFUSED = {
  notTeacher: '只有认证为教师的用户才能创建课题组，请先在「个人信息」中以教师身份完成认证',
  tooMany: `每位负责人最多拥有${CLUSTERS_PER_OWNER}个课题组`,
  nameTaken: '该课题组名称已被使用，请换一个名称',
  notEmpty: '课题组还有其他成员，请先移出全部成员后再删除',
  balance: '课题组账户还有余额，请先转出余额后再删除',
  alreadyMember: '您已是该课题组成员',
  alreadyApplied: '您已申请加入该课题组，请等待负责人审核',
  ownGroup: '您是该课题组的负责人',
  full: `课题组成员已达上限（${CLUSTER_MEMBERS_MAX}人）`,
  notMemberTarget: '只能转让给本课题组的成员',
  transferSelf: '您已是该课题组的负责人',
  targetTooMany: `对方拥有的课题组已达上限（${CLUSTERS_PER_OWNER}个），无法转让`,
  removeOwner: '不能移出课题组负责人，请先将课题组转让给其他成员',
  ownerLeave: '负责人不能退出课题组，请先转让课题组或删除课题组',
  userMissing: '该手机号尚未注册研测账号',
  userMember: '该用户已是课题组成员',
} as const;

export const NO_CLUSTER = '课题组不存在';
export const NO_CLUSTER_MEMBER = '成员不存在';
export const NO_CLUSTER_APPLICATION = '申请不存在';

// ---- customer calls (/api/auth/cluster/*) ---------------------------------

const clusterForm = {
  name: text('课题组名称', { max: CLUSTER_NAME_MAX }),
  institution: text('所属单位', { max: CLUSTER_INSTITUTION_MAX }),
  description: optionalText('课题组简介', { max: CLUSTER_DESCRIPTION_MAX, multiline: true }),
};
export const clusterAddBody = z.object({ ...clusterForm, idempotencyKey: createKey });
export type ClusterAddBody = z.output<typeof clusterAddBody>;
export const clusterEditBody = z.object({ id: id('课题组'), ...clusterForm });
export type ClusterEditBody = z.output<typeof clusterEditBody>;
export const clusterIdBody = z.object({ id: id('课题组') });
export type ClusterIdBody = z.output<typeof clusterIdBody>;

export const clusterSearchBody = pagingQuery.extend({
  /** Part of the group's name or institution; empty lists every live group, newest first. */
  kw: optionalText('关键词', { max: CLUSTER_INSTITUTION_MAX }),
});
export type ClusterSearchBody = z.output<typeof clusterSearchBody>;

export const clusterApplyBody = z.object({
  id: id('课题组'),
  message: optionalText('申请留言', { max: CLUSTER_APPLY_MESSAGE_MAX, multiline: true }),
  idempotencyKey: createKey,
});
export type ClusterApplyBody = z.output<typeof clusterApplyBody>;

/** The owner's answer to an application (a member row in 待审核). */
export const clusterAgreeBody = z.object({
  id: id('申请'),
  agree: z.boolean({ error: '[是否同意]不能为空' }),
});
export type ClusterAgreeBody = z.output<typeof clusterAgreeBody>;

export const clusterJoinedBody = pagingQuery;
export type ClusterJoinedBody = z.output<typeof clusterJoinedBody>;

/** The owner's view of their groups; with id only that one (another's answers 404). */
export const clusterAllBody = z.object({ id: optionalId('课题组') });
export type ClusterAllBody = z.output<typeof clusterAllBody>;

export const clusterTransferBody = z.object({ id: id('课题组'), memberId: id('成员') });
export type ClusterTransferBody = z.output<typeof clusterTransferBody>;

/** search4user and add4user: the group and a customer's whole phone number. */
export const clusterPhoneBody = z.object({ id: id('课题组'), phone: phone('手机号') });
export type ClusterPhoneBody = z.output<typeof clusterPhoneBody>;
/** add4user: the same and the create call's key. */
export const clusterAddMemberBody = clusterPhoneBody.extend({ idempotencyKey: createKey });

/** delete4user: a member row; the owner removes it, or its own customer leaves. */
export const clusterMemberIdBody = z.object({ id: id('成员') });
export type ClusterMemberIdBody = z.output<typeof clusterMemberIdBody>;

/** assign: the owner sets a member's spending limit in fen (≥ 0). */
export const clusterAssignBody = z.object({ id: id('成员'), limitFen: fen('消费额度') });
export type ClusterAssignBody = z.output<typeof clusterAssignBody>;

/** The caller's live row in a group, if any. */
export const clusterMine = z.object({
  memberId: z.number().int(),
  state: z.enum(LIVE_MEMBER_STATES),
  role: z.enum(CLUSTER_ROLES),
});
export type ClusterMine = z.infer<typeof clusterMine>;

/** A group as search and joined show it. */
export const clusterSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  institution: z.string(),
  description: z.string(),
  /** The owner's name (no phone). */
  ownerName: z.string(),
  /** Members, the owner included (pending applications are not members). */
  memberCount: z.number().int(),
  createdAt: z.string(),
  mine: clusterMine.nullable(),
});
export type ClusterSummary = z.infer<typeof clusterSummary>;

/** A group the caller is in or has applied to (cluster/joined). */
export const clusterJoinedEntry = clusterSummary.extend({
  mine: clusterMine,
  /** The member's spending limit and what they spent against it, in fen (the group account wires it, ADR 0051). */
  limitFen: fenData,
  spentFen: fenData,
  /** When the caller applied or joined. */
  since: z.string(),
});
export type ClusterJoinedEntry = z.infer<typeof clusterJoinedEntry>;

/** A member as the owner sees them: name and masked phone. */
export const clusterMember = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 138****0000 */
  phone: z.string(),
  company: z.string(),
  role: z.enum(CLUSTER_ROLES),
  limitFen: fenData,
  spentFen: fenData,
  joinedAt: z.string(),
});
export type ClusterMember = z.infer<typeof clusterMember>;

export const clusterApplication = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  message: z.string(),
  appliedAt: z.string(),
});
export type ClusterApplication = z.infer<typeof clusterApplication>;

/** One of the owner's groups with its members and pending applications (cluster/all). */
export const clusterManaged = clusterSummary.omit({ mine: true }).extend({
  members: z.array(clusterMember),
  applications: z.array(clusterApplication),
  /** Pending applications in all (the list shows the newest CLUSTER_APPLICATIONS_SHOWN). */
  applicationsTotal: z.number().int(),
});
export type ClusterManaged = z.infer<typeof clusterManaged>;
export const clusterAllResponse = z.object({
  list: z.array(clusterManaged),
  /** Whether the caller may create a group now (a teacher below CLUSTERS_PER_OWNER). */
  mayCreate: z.boolean(),
  /** Why not, when mayCreate is false. */
  refusal: z.string(),
});
export type ClusterAllResponse = z.infer<typeof clusterAllResponse>;

/** search4user: who a whole phone number belongs to, as little as the owner needs to recognise them. */
export const clusterUserLookup = z.object({
  name: z.string(),
  phone: z.string(),
  /** Their live row in this group, if any. */
  state: z.enum(LIVE_MEMBER_STATES).nullable(),
});
export type ClusterUserLookup = z.infer<typeof clusterUserLookup>;

/** 138****0000: how a member's phone shows to other customers. */
export const maskPhone = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : '***');

// ---- console (/api/admin/cluster/*, cluster.read) -------------------------

export const adminClusterListQuery = pagingQuery.extend({
  /** Part of the group's name or institution, or the owner's phone. */
  kw: optionalText('关键词', { max: CLUSTER_INSTITUTION_MAX }),
});
export type AdminClusterListQuery = z.output<typeof adminClusterListQuery>;

export const adminClusterSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  institution: z.string(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  ownerPhone: z.string(),
  memberCount: z.number().int(),
  pendingCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminClusterSummary = z.infer<typeof adminClusterSummary>;

export const adminClusterQuery = z.object({ id: id('课题组') });

export const adminClusterMember = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  role: z.enum(CLUSTER_ROLES),
  state: z.enum(CLUSTER_MEMBER_STATES),
  limitFen: fenData,
  spentFen: fenData,
  /** Applied (for 待审核) or joined. */
  since: z.string(),
});
export type AdminClusterMember = z.infer<typeof adminClusterMember>;

export const adminClusterDetail = adminClusterSummary.extend({
  description: z.string(),
  /** The group's balance (its ledger account, ADR 0050). */
  balanceFen: z.number().int(),
  /** Members first (the owner on top), then pending applications. */
  members: z.array(adminClusterMember),
});
export type AdminClusterDetail = z.infer<typeof adminClusterDetail>;
