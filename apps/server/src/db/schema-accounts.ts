import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES, type StaffRole } from '@yance/contracts/staff';
import { ORGANIZATIONS } from '@yance/contracts/user';
import {
  ATTESTATION_STATES,
  SMS_DELIVERY_STATES,
  type AttestationState,
  WX_PROVIDERS,
  WX_TICKET_ROW_STATES,
  type SmsDeliveryState,
  type WxProvider,
  type WxTicketRowState,
} from '@yance/contracts/states';
import { allOf, oneOf } from './checks.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A customer account. password_hash is null for accounts created by SMS through WeChat QR sign-up. */
export const userAccount = pgTable(
  'user_account',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull().unique(),
    username: text('username'),
    passwordHash: text('password_hash'),
    inviteCode: text('invite_code').notNull().unique(),
    inviterId: integer('inviter_id'),
    wxOpenid: text('wx_openid').unique(),
    // Profile (attestation) form of spec §3.
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    organization: integer('organization'),
    company: text('company').notNull().default(''),
    teacher: text('teacher').notNull().default(''),
    teacherPhone: text('teacher_phone').notNull().default(''),
    teacherMail: text('teacher_mail').notNull().default(''),
    region: text('region').notNull().default(''),
    address: text('address').notNull().default(''),
    /** The spec's flag: the profile form is filled (and not rejected since); ordering requires it. */
    attested: boolean('attested').notNull().default(false),
    /** Review of the form (ADR 0035); every new submission goes back to pending. */
    attestationState: text('attestation_state').$type<AttestationState>().notNull().default('none'),
    /** Why it was rejected, shown to the customer; '' otherwise. */
    attestationReason: text('attestation_reason').notNull().default(''),
    attestationReviewedAt: at('attestation_reviewed_at'),
    /** A disabled customer cannot sign in and has no live session (ADR 0035). */
    disabled: boolean('disabled').notNull().default(false),
    /** The dedicated account manager (spec §1), assigned at registration by round robin (ADR 0035). */
    managerId: integer('manager_id').references((): AnyPgColumn => staffAccount.id, { onDelete: 'set null' }),
    /** An institution's credit limit (ADR 0050): new orders are refused while what it owes reaches it; null: none. */
    creditLimitFen: integer('credit_limit_fen'),
    /** When the user ticked 同意《用户协议》《隐私政策》 at sign-up (PIPL consent record); null for accounts from before it was asked. */
    agreedAt: at('agreed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  // User names are unique whatever their case, and login matches them case-insensitively.
  (t) => [
    uniqueIndex('user_account_username_lower_idx').on(sql`lower(${t.username})`),
    index('user_account_inviter_idx').on(t.inviterId),
    oneOf('user_account_organization_check', t.organization, Object.values(ORGANIZATIONS)),
    oneOf('user_account_attestation_state_check', t.attestationState, ATTESTATION_STATES),
    // The console's customer list (ADR 0035): newest first, alone or per manager / review state;
    // phone, name and company match from their start (text_pattern_ops serves LIKE 'x%' under any collation).
    index('user_account_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('user_account_manager_created_idx').on(t.managerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('user_account_attestation_created_idx').on(t.attestationState, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('user_account_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
    index('user_account_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('user_account_company_prefix_idx').on(sql`lower(${t.company}) text_pattern_ops`),
  ],
);

/** 收货/取样地址. rid is the opaque public id (address_rid); id never leaves the server. */
export const userAddress = pgTable(
  'user_address',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    area: text('area').notNull(),
    address: text('address').notNull(),
    addressCode: text('address_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_address_user_idx').on(t.userId, t.createdAt),
    // At most one default per user, whatever requests run in parallel (ADR 0011).
    uniqueIndex('user_address_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * One login: a session row per issued token pair. Rotating the refresh token
 * marks the row rotated and adds a row to the same family (ADR 0006).
 * Tokens are stored only as SHA-256 hashes.
 */
/**
 * A staff member of the operator console (ADR 0032): separate from customers,
 * signed in with account and password; roles from contracts' STAFF_ROLES.
 */
export const staffAccount = pgTable(
  'staff_account',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().$type<StaffRole[]>().notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /**
     * TOTP (ADR 0038): the secret in force and one being enrolled, each
     * sealed (AES-256-GCM, key from CODE_HASH_SECRET, bound to this row);
     * the last time step a code was accepted for, so a code works once.
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpLastStep: integer('totp_last_step'),
    totpEnabledAt: at('totp_enabled_at'),
    /** Image path of the WeChat QR code a manager's customers add them with ('' = none). */
    wechatQr: text('wechat_qr').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_account_account_lower_idx').on(sql`lower(${t.account})`),
    allOf('staff_account_roles_check', t.roles, STAFF_ROLES),
  ],
);

/**
 * One login of a customer or a staff member (ADR 0006, 0032): exactly one of
 * user_id and staff_id is set, and every lookup by token names which kind it
 * wants, so a token of one kind never opens the other's scope.
 */
export const userSession = pgTable(
  'user_session',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => userAccount.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffAccount.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    accessHash: text('access_hash').notNull().unique(),
    refreshHash: text('refresh_hash').notNull().unique(),
    accessExpiresAt: at('access_expires_at').notNull(),
    refreshExpiresAt: at('refresh_expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
    /**
     * Set when this row is rotated: the row that replaced it, and its token
     * pair sealed (AES-256-GCM, server key) so that a second use of this
     * refresh token within the grace answers the same pair (ADR 0022).
     * Cleared once the grace is over or the family ends.
     */
    successorId: integer('successor_id'),
    successorSealed: text('successor_sealed'),
    ip: text('ip').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_session_family_idx').on(t.family),
    index('user_session_user_idx').on(t.userId),
    index('user_session_staff_idx').on(t.staffId),
    check('user_session_one_principal_check', sql`num_nonnulls(${t.userId}, ${t.staffId}) = 1`),
  ],
);

/** SMS verification codes, as an HMAC of phone, purpose and code (ADR 0007). */
export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: integer('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sms_code_phone_idx').on(t.phone, t.purpose, t.id)],
);

/** Outbox of every SMS sent, for the operator console (ADR 0008). */
export const smsMessage = pgTable(
  'sms_message',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: integer('purpose').notNull(),
    provider: text('provider').notNull(),
    /** Full text for the console provider (development); the code is masked for real providers. */
    content: text('content').notNull(),
    status: text('status').$type<SmsDeliveryState>().notNull(),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_message_phone_idx').on(t.phone, t.id), oneOf('sms_message_status_check', t.status, SMS_DELIVERY_STATES)],
);

/** Proof-of-work challenges already used for code4sms, kept until they expire: each is single-use (ADR 0023). */
export const powChallengeUsed = pgTable(
  'pow_challenge_used',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('pow_challenge_used_expires_idx').on(t.expiresAt)],
);

/** Fixed-window rate counters shared by all server processes when Redis is not used (ADR 0007). */
export const rateCounter = pgTable(
  'rate_counter',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('rate_counter_expires_idx').on(t.expiresAt)],
);

/** WeChat QR login tickets: waiting → scanned → confirmed → consumed (ADR 0008). */
export const wxTicket = pgTable(
  'wx_ticket',
  {
    id: serial('id').primaryKey(),
    ticket: text('ticket').notNull().unique(),
    provider: text('provider').$type<WxProvider>().notNull(),
    status: text('status').$type<WxTicketRowState>().notNull(),
    /** Official account: who scanned; needBind until that WeChat identity has a phone. */
    openid: text('openid'),
    needBind: boolean('need_bind').notNull().default(false),
    userId: integer('user_id').references(() => userAccount.id, { onDelete: 'cascade' }),
    /** The address that asked for the ticket, shown on the confirm page (ADR 0021). */
    requestIp: text('request_ip').notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [oneOf('wx_ticket_status_check', t.status, WX_TICKET_ROW_STATES), oneOf('wx_ticket_provider_check', t.provider, WX_PROVIDERS)],
);

/** The official account's access_token, cached for all processes; lease_until lets one process refresh it. */
export const wxAccessToken = pgTable('wx_access_token', {
  appId: text('app_id').primaryKey(),
  token: text('token').notNull(),
  expiresAt: at('expires_at').notNull(),
  leaseUntil: at('lease_until'),
});
