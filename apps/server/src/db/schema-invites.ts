// Invitation rewards (邀请有礼, issue 10, ADR 0054): one row per invitee, written
// at the invitee's first paid order in that payment's transaction. The unique
// invitee_id is what makes the reward once per invitee even when two payments
// race: the second insert waits for the first's commit and then does nothing.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { INVITE_REWARD_STATES, type InviteRewardState, type InviteSuspect } from '@yance/contracts/invite-states';
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
    /** The amounts fixed at the first paid order (the settings then), credited when granted. */
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
    notNegative('invite_reward_inviter_fen_check', t.inviterFen),
    notNegative('invite_reward_invitee_fen_check', t.inviteeFen),
    check('invite_reward_not_self_check', sql`${t.inviteeId} <> ${t.inviterId}`),
    index('invite_reward_inviter_idx').on(t.inviterId, t.id),
    index('invite_reward_state_idx').on(t.state, t.id),
  ],
);
