// Research groups (课题组, "cluster" in the API; issue 10, ADR 0051).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CLUSTER_APPLY_MESSAGE_MAX,
  CLUSTER_DESCRIPTION_MAX,
  CLUSTER_INSTITUTION_MAX,
  CLUSTER_MEMBER_STATES,
  CLUSTER_NAME_MAX,
  CLUSTER_ROLES,
  LIVE_MEMBER_STATES,
  type ClusterMemberState,
  type ClusterRole,
} from '@yance/contracts/cluster';
import type { Fen } from '@yance/contracts/money';
import { notNegative, oneOf } from './checks.ts';
import { userAccount } from './schema-accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const n = (v: number) => sql.raw(String(v));
const live = sql.raw(LIVE_MEMBER_STATES.map((s) => `'${s}'`).join(', '));

/**
 * A research group. owner_id is the customer who owns it now (the owner's
 * member row says the same); deleted_at marks a deleted group, kept for the
 * audit log and, later, its account's statement. member_count (members, the
 * owner included) is kept in the transaction of every membership change.
 */
export const cluster = pgTable(
  'cluster',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    institution: text('institution').notNull(),
    description: text('description').notNull().default(''),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => userAccount.id),
    memberCount: integer('member_count').notNull().default(1),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    // Names are unique among live groups whatever their case; a deleted group's name is free again.
    uniqueIndex('cluster_name_live_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('cluster_owner_live_idx')
      .on(t.ownerId)
      .where(sql`${t.deletedAt} is null`),
    // search and the console list: live groups newest first.
    index('cluster_live_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    check('cluster_name_check', sql`char_length(${t.name}) between 1 and ${n(CLUSTER_NAME_MAX)}`),
    check('cluster_institution_check', sql`char_length(${t.institution}) between 1 and ${n(CLUSTER_INSTITUTION_MAX)}`),
    check('cluster_description_check', sql`char_length(${t.description}) <= ${n(CLUSTER_DESCRIPTION_MAX)}`),
    notNegative('cluster_member_count_check', t.memberCount),
  ],
);

/**
 * One application or membership of a customer in a group, moved only by the
 * contracts' CLUSTER_MEMBER_TRANSITIONS. At most one live row (applied or
 * member) per group and customer, and one live owner per group. limit_fen is
 * the spending limit the owner assigns; spent_fen what the member spent from
 * the group against it (written by the money module's settlement, ADR 0051).
 */
export const clusterMember = pgTable(
  'cluster_member',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => cluster.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    role: text('role').$type<ClusterRole>().notNull().default('member'),
    state: text('state').$type<ClusterMemberState>().notNull(),
    /** The applicant's message to the owner; '' when added by the owner. */
    message: text('message').notNull().default(''),
    limitFen: integer('limit_fen')
      .$type<Fen>()
      .notNull()
      .default(0 as Fen),
    spentFen: integer('spent_fen')
      .$type<Fen>()
      .notNull()
      .default(0 as Fen),
    createdAt: at('created_at').notNull(),
    /** When the row became a member; null while applied or after a refusal. */
    joinedAt: at('joined_at'),
    /** When it was refused, removed or left. */
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('cluster_member_live_idx')
      .on(t.clusterId, t.userId)
      .where(sql`${t.state} in (${live})`),
    uniqueIndex('cluster_member_owner_idx')
      .on(t.clusterId)
      .where(sql`${t.role} = 'owner' and ${t.state} = 'member'`),
    // The group's members and applications; a customer's groups (joined).
    index('cluster_member_cluster_idx').on(t.clusterId, t.state, t.id),
    index('cluster_member_user_idx').on(t.userId, t.state, t.id.desc().nullsFirst()),
    oneOf('cluster_member_role_check', t.role, CLUSTER_ROLES),
    oneOf('cluster_member_state_check', t.state, CLUSTER_MEMBER_STATES),
    check('cluster_member_owner_state_check', sql`${t.role} = 'member' or ${t.state} in ('member', 'left')`),
    check('cluster_member_message_check', sql`char_length(${t.message}) <= ${n(CLUSTER_APPLY_MESSAGE_MAX)}`),
    notNegative('cluster_member_limit_fen_check', t.limitFen),
    notNegative('cluster_member_spent_fen_check', t.spentFen),
  ],
);
