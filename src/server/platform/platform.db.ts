import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/users.db';

/** A browser session. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull(),
    stage: varchar('stage', { length: 10 }).$type<'password' | 'full'>().notNull(),
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    factorId: integer('factor_id'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A one-time sign-in code sent by text or email; only its hash is stored. */
export const authCodes = pgTable('auth_codes', {
  sessionId: varchar('session_id', { length: 64 }).primaryKey(),
  factorId: integer('factor_id').notNull(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One row per mutation: who, what, which record, before and after, when, from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    recordType: text('record_type'),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    input: jsonb('input'),
    ip: text('ip').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
  },
  (t) => [
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
  ],
);

/**
 * A change made with an `Idempotency-Key` header (decision 025): per user and key, which action with
 * which input (a hash), and the reply given. The same key again returns the stored reply and does
 * nothing; the key is claimed in the change's own transaction, so it lands or rolls back with it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** The action's path (`kits/talk/outbound/make-mass-call`). */
    action: varchar('action', { length: 200 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    reply: jsonb('reply'),
    /** A refusal that was kept (`AppError.commit`: a void answered "already paid"): replayed as the same refusal. */
    errorStatus: smallint('error_status'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** What the local provider drivers would have sent: texts, emails, calls, social-platform leads, insurance quote requests and website pages (the local CMS keeps its pages here). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: varchar('channel', { length: 10 })
      .$type<'sms' | 'email' | 'call' | 'lead' | 'insurance' | 'cms'>()
      .notNull(),
    to: text('to').notNull(),
    from: text('from').notNull().default(''),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    status: varchar('status', { length: 20 }).notNull().default('sent'),
    meta: jsonb('meta').notNull().default({}),
    /** The local telephony driver's id for a text or call, as Twilio would give it. */
    sid: varchar('sid', { length: 64 }),
    /** Simulated inbound texts and calls are recorded too, so the Outbox shows both sides. */
    direction: varchar('direction', { length: 10 }).$type<'inbound' | 'outbound'>().notNull().default('outbound'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt, t.id),
    index('outbox_channel_idx').on(t.channel, t.id),
    index('outbox_sid_idx').on(t.sid),
    // What was sent to a number since a moment (a bulk send's check after a worker died).
    index('outbox_to_idx').on(t.to, t.createdAt),
  ],
);

/**
 * Failed sign-ins, per account (`account:<user id>`) and per client address (`address:<ip>`): each
 * failure past a few pushes `blockedUntil` further out, so guessing slows to a crawl while the owner
 * can still sign in once the window passes. Shared by every server process.
 */
export const signinThrottles = pgTable('signin_throttles', {
  key: varchar('key', { length: 120 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** When the account's owner was last emailed about repeated failures. */
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});

/** Requests per client and route within a window, shared by every server process (the rate limiter's store). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * What the local payments driver would have sent (src/server/providers/payments/), as the outbox is
 * for texts and emails: one payout per idempotency key, with the payee, the amount and the status it
 * simulates. The payment's status view shows it.
 */
export const localPayouts = pgTable(
  'local_payouts',
  {
    reference: varchar('reference', { length: 64 }).primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull(),
    payeeName: text('payee_name').notNull(),
    payeeEmail: text('payee_email').notNull().default(''),
    payeePhone: varchar('payee_phone', { length: 20 }).notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    memo: text('memo').notNull().default(''),
    status: varchar('status', { length: 12 })
      .$type<'pending' | 'paid' | 'failed' | 'cancelled'>()
      .notNull()
      .default('pending'),
    checks: integer('checks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('local_payouts_key').on(t.idempotencyKey)],
);

/**
 * The Stripe driver's sellers (src/server/providers/payments/stripe.ts): each seller paid through
 * Stripe has a connected account of their own, created and onboarded in Stripe (Connect), where
 * Stripe keeps their bank account; Forecourt never holds one. Stripe's `account.updated` webhook
 * writes the account here under its email, and whether it can be paid out now (payouts enabled,
 * on a manual payout schedule). A payment finds its seller's account by the payee's email.
 */
export const stripePayees = pgTable('stripe_payees', {
  /** The account's email, lower case: the payee's email on the payment. */
  email: text('email').primaryKey(),
  account: varchar('account', { length: 64 }).notNull(),
  ready: boolean('ready').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
