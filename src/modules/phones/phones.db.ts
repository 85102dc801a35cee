import { eq, sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import type {
  CallDirection,
  CallStatus,
  MessageStatus,
  OpeningHours,
  PhoneActionKind,
  PhoneType,
} from './phones.contract';
import type { SendPurpose } from '../../server/outreach/log';

/** A line of the group (seed 000, section 3 "Phone"): a number on the telephony provider. */
export const phones = pgTable(
  'phones',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull().default(''),
    /** E.164, one row per number. */
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The number calls to this line connect to when no phone action answers (the store's phone system). */
    bridge: varchar('bridge', { length: 20 }).notNull().default(''),
    phoneType: varchar('phone_type', { length: 20 }).$type<PhoneType>().notNull().default('main'),
    /** Ring the bridge at once, skipping the phone actions. */
    directRing: boolean('direct_ring').notNull().default(false),
    /** The provider's id of the number (Twilio's PN… sid). */
    sid: varchar('sid', { length: 40 }),
    messagingServiceSid: varchar('messaging_service_sid', { length: 40 }),
    /** Bought through the provider by add-phone: deleting the phone releases the number. */
    bought: boolean('bought').notNull().default(false),
    /** The line outbound calls of its location show; at most one per location. */
    outbound: boolean('outbound').notNull().default(false),
    active: boolean('active').notNull().default(true),
    autopilot: boolean('autopilot').notNull().default(false),
    squad: boolean('squad').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('phones_number_key').on(t.phoneNumber),
    uniqueIndex('phones_sid_key').on(t.sid).where(sql`${t.sid} is not null`),
    uniqueIndex('phones_outbound_key').on(t.locationId).where(sql`${t.outbound}`),
    index('phones_description_idx').on(t.description, t.id),
    index('phones_location_idx').on(t.locationId, t.description, t.id),
  ],
);

/** Every call through the provider, inbound and outbound; the provider's status callbacks keep it current. */
export const calls = pgTable(
  'calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callSid: varchar('call_sid', { length: 64 }).notNull(),
    phoneId: integer('phone_id').references(() => phones.id, { onDelete: 'set null' }),
    locationId: integer('location_id').references(() => locations.id),
    direction: varchar('direction', { length: 10 }).$type<CallDirection>().notNull(),
    from: varchar('from_number', { length: 20 }).notNull(),
    to: varchar('to_number', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).$type<CallStatus>().notNull(),
    /** The staff member who placed or answered it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The mass call it was placed in: its progress counts what became of it (messenger's tallies). */
    bulkSendId: integer('bulk_send_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    recordingUrl: text('recording_url'),
    transferredTo: varchar('transferred_to', { length: 20 }),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Ascending on purpose: scanned backwards they serve `order by started_at desc, id desc`, which means
  // NULLS FIRST; a `desc` index (NULLS LAST) would not match that order and the list would sort.
  (t) => [
    uniqueIndex('calls_sid_key').on(t.callSid),
    index('calls_started_idx').on(t.startedAt, t.id),
    index('calls_location_started_idx').on(t.locationId, t.startedAt, t.id),
    index('calls_phone_started_idx').on(t.phoneId, t.startedAt, t.id),
    // Missed or busy calls of a location, inbound or outbound: the count reads only those, from the
    // index alone. A status without a direction pages through calls_location_started_idx instead.
    index('calls_location_status_idx').on(t.locationId, t.status, t.direction, t.startedAt, t.id),
    index('calls_user_started_idx').on(t.userId, t.startedAt, t.id),
    index('calls_from_idx').on(t.from, t.startedAt),
    index('calls_to_idx').on(t.to, t.startedAt),
    index('calls_live_idx')
      .on(t.startedAt)
      .where(sql`${t.status} in ('queued', 'initiated', 'ringing', 'in-progress')`),
  ],
);

/** Every text through the provider, inbound and outbound; the one record of texts the messenger builds on. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageSid: varchar('message_sid', { length: 64 }).notNull(),
    phoneId: integer('phone_id').references(() => phones.id, { onDelete: 'set null' }),
    locationId: integer('location_id').references(() => locations.id),
    direction: varchar('direction', { length: 10 }).$type<CallDirection>().notNull(),
    purpose: varchar('purpose', { length: 20 }).$type<SendPurpose | 'inbound'>().notNull(),
    from: varchar('from_number', { length: 40 }).notNull(),
    to: varchar('to_number', { length: 20 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 20 }).$type<MessageStatus>().notNull(),
    errorCode: integer('error_code'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The bulk send it went out in: its progress counts what became of it (messenger's tallies). */
    bulkSendId: integer('bulk_send_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_sid_key').on(t.messageSid),
    index('messages_created_idx').on(t.createdAt, t.id),
    index('messages_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('messages_from_idx').on(t.from, t.createdAt),
    index('messages_to_idx').on(t.to, t.createdAt),
  ],
);

/**
 * Numbers that must not be texted or called. Group-wide (docs/decisions/005-send-gate.md): a STOP to
 * any line of the group stops every line; START to any line lifts it. The line and location it
 * arrived on are kept for the reports.
 */
export const optOuts = pgTable(
  'opt_outs',
  {
    phoneNumber: varchar('phone_number', { length: 20 }).primaryKey(),
    keyword: varchar('keyword', { length: 20 }).notNull(),
    source: varchar('source', { length: 10 }).$type<'keyword' | 'staff'>().notNull().default('keyword'),
    phoneId: integer('phone_id').references(() => phones.id, { onDelete: 'set null' }),
    locationId: integer('location_id').references(() => locations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('opt_outs_location_idx').on(t.locationId, t.createdAt)],
);

/** What happens on a call to a line, step by step in `position` order (the phone action manager). */
export const phoneActions = pgTable(
  'phone_actions',
  {
    id: serial('id').primaryKey(),
    phoneId: integer('phone_id')
      .notNull()
      .references(() => phones.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<PhoneActionKind>().notNull(),
    label: text('label').notNull().default(''),
    /** Numbers to ring (E.164). */
    targets: text('targets').array().notNull().default([]),
    /** Users whose phone rings (ring groups). */
    userIds: integer('user_ids').array().notNull().default([]),
    /** Opening hours of an `hours` step, per weekday, in the location's time zone. */
    hours: jsonb('hours').$type<OpeningHours>(),
    greeting: text('greeting').notNull().default(''),
    timeoutSeconds: integer('timeout_seconds').notNull().default(20),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_actions_phone_idx').on(t.phoneId, t.position, t.id),
    index('phone_actions_position_idx').on(t.position, t.id),
  ],
);

/** How each record of the phones reaches a location (the platform's reach checks, docs/permissions.md). */
export const phoneRecords = defineRecords({
  table: phones,
  type: 'phone',
  key: phones.id,
  location: phones.locationId,
  missing: 'That phone does not exist; it may have been deleted.',
});
export const callRecords = defineRecords({
  table: calls,
  type: 'call',
  key: calls.callSid,
  location: calls.locationId,
  missing: (sid) => `There is no call ${sid}.`,
});
export const phoneActionRecords = defineRecords({
  table: phoneActions,
  type: 'phoneAction',
  key: phoneActions.id,
  location: phones.locationId,
  join: { table: phones, on: eq(phones.id, phoneActions.phoneId) },
  missing: 'That phone action does not exist; it may have been deleted.',
});
