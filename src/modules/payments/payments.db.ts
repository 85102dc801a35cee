import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { appraisals } from '../appraisals/appraisals.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';
import type { EventAction, ManualMethod, PaymentState, ProviderStatus } from './payments.values';

/**
 * A payment to the seller of a vehicle bought on an appraisal (seed 001, "Payment": appraisalId,
 * paymentId), moved only by the steps of payments.values.ts. The payee and the vehicle are copied
 * from the appraisal when the payment is requested: what was approved is what is paid. Money in cents.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    appraisalId: integer('appraisal_id')
      .notNull()
      .references(() => appraisals.id),
    /** The appraisal's store, copied: reach and the list's filters read it without a join. */
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    state: varchar('state', { length: 12 }).$type<PaymentState>().notNull().default('requested'),
    amountCents: integer('amount_cents').notNull(),
    /** The appraisal's offer when the payment was requested. */
    offerCents: integer('offer_cents').notNull(),
    payeeName: text('payee_name').notNull(),
    payeeEmail: text('payee_email').notNull().default(''),
    payeePhone: varchar('payee_phone', { length: 20 }).notNull().default(''),
    /** "2019 Toyota RAV4 XLE" and its VIN, as on the appraisal. */
    vehicle: text('vehicle').notNull(),
    vin: varchar('vin', { length: 17 }).notNull().default(''),
    /**
     * How many payouts the provider has been asked for (each `start`: the first send, the send of an
     * approved change, a resend after a failure). The provider's idempotency key is `payment-<id>-<revision>`, so a retry of the same
     * send after a crash carries the same key and is never paid twice.
     */
    revision: smallint('revision').notNull().default(0),
    providerReference: varchar('provider_reference', { length: 64 }),
    providerStatus: varchar('provider_status', { length: 12 }).$type<ProviderStatus>(),
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    /** A payment made outside the provider (start-manual, manual-start). */
    manualMethod: varchar('manual_method', { length: 16 }).$type<ManualMethod>(),
    manualDetails: text('manual_details').notNull().default(''),
    manualReference: varchar('manual_reference', { length: 40 }),
    manualSentOn: date('manual_sent_on', { mode: 'string' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's sorts, each with the id after it; by store and by state for the filters used most.
    index('payments_created_idx').on(t.createdAt, t.id),
    index('payments_updated_idx').on(t.updatedAt, t.id),
    index('payments_amount_idx').on(t.amountCents, t.id),
    index('payments_payee_idx').on(t.payeeName, t.id),
    index('payments_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('payments_state_created_idx').on(t.state, t.createdAt, t.id),
    index('payments_location_state_created_idx').on(t.locationId, t.state, t.createdAt, t.id),
    index('payments_appraisal_idx').on(t.appraisalId, t.id),
    // One vehicle's records by VIN (the vehicle page, docs/vehicles.md).
    index('payments_vin_idx').on(t.vin, t.id).where(sql`${t.vin} <> ''`),
    // One live payment per appraisal: a second request, however it arrives, cannot pay the seller twice.
    uniqueIndex('payments_live_appraisal_key').on(t.appraisalId).where(sql`${t.state} not in ('voided', 'cancelled')`),
    searchIndex('payments_search_idx', t.payeeName, t.payeeEmail, t.payeePhone, t.vin, t.vehicle),
    check('payments_amount', sql`${t.amountCents} > 0 and ${t.offerCents} >= 0`),
  ],
);

export const paymentRecords = defineRecords({
  table: payments,
  type: 'payment',
  key: payments.id,
  location: payments.locationId,
  missing: 'That payment does not exist.',
});

/** Every step a payment took: who, from which state to which, the amount then, and when. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 16 }).$type<EventAction>().notNull(),
    fromState: varchar('from_state', { length: 12 }).$type<PaymentState>(),
    toState: varchar('to_state', { length: 12 }).$type<PaymentState>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the step carried: a reason, a cheque number, the provider's answer. */
    note: text('note').notNull().default(''),
    providerStatus: varchar('provider_status', { length: 12 }).$type<ProviderStatus>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
);

/**
 * Every payout asked of the provider for a payment (a send, a resend after a failure), with its key,
 * amount and what became of it. Live is `pending`: out with the provider, neither paid, failed nor
 * stopped. A payment has at most one live payout: the unique index refuses a second, so a payout
 * being replaced is marked `cancelled` (stopped) in the same transaction before the next one is
 * asked for, and no race can leave two out at once.
 */
export const paymentPayouts = pgTable(
  'payment_payouts',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    revision: smallint('revision').notNull(),
    /** `payment-<id>-<revision>`, the provider's idempotency key. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The provider's reference, once it answered the send. */
    reference: varchar('reference', { length: 64 }),
    status: varchar('status', { length: 12 }).$type<ProviderStatus>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_payouts_key').on(t.idempotencyKey),
    // One live payout per payment, whatever runs at the same moment.
    uniqueIndex('payment_payouts_live_key').on(t.paymentId).where(sql`${t.status} = 'pending'`),
    index('payment_payouts_reference_idx').on(t.reference),
  ],
);
