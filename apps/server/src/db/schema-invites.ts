// Invitations (邀请有礼, issue 10, ADR 0054, ADR 0069): one row per invitee,
// written at the invitee's first paid order in that payment's transaction,
// with the abuse checks' verdict that decides whether the invitation earns. The unique
// invitee_id is what makes the reward once per invitee even when two payments
// race: the second insert waits for the first's commit and then does nothing.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  INVITE_REWARD_STATES,
  INVITE_SCHEMES,
  type InviteRewardState,
  type InviteScheme,
  type InviteSuspect,
} from '@yance/contracts/invite-states';
import { notNegative, oneOf } from './checks.ts';
import { staffAccount, userAccount } from './schema-accounts.ts';
import { orders } from './schema-orders.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const inviteReward = pgTable(
  'invite_reward',
  {
    id: serial('id').primaryKey(),
    inviteeId: integer('invitee_id')
      .notNull()
      .unique()
      .references(() => userAccount.id),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => userAccount.id),
    /** The invitee's first paid order. */
    orderId: integer('order_id').references(() => orders.id),
    state: text('state').$type<InviteRewardState>().notNull(),
    /** flat: a one-time reward (rows of before ADR 0069 keep it); rebate: the invitee's payments earn rebates (ADR 0069). */
    scheme: text('scheme').$type<InviteScheme>().notNull(),
    /** A flat row's amounts fixed at the first paid order (the settings then), credited when granted; 0 for a rebate row. */
    inviterFen: integer('inviter_fen').notNull(),
    inviteeFen: integer('invitee_fen').notNull(),
    /** The abuse checks that matched (withheld), or `off`. */
    suspects: jsonb('suspects').$type<InviteSuspect[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    oneOf('invite_reward_state_check', t.state, INVITE_REWARD_STATES),
    oneOf('invite_reward_scheme_check', t.scheme, INVITE_SCHEMES),
    notNegative('invite_reward_inviter_fen_check', t.inviterFen),
    notNegative('invite_reward_invitee_fen_check', t.inviteeFen),
    check('invite_reward_not_self_check', sql`${t.inviteeId} <> ${t.inviterId}`),
    index('invite_reward_inviter_idx').on(t.inviterId, t.id),
    index('invite_reward_state_idx').on(t.state, t.id),
  ],
);
