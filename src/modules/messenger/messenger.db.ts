import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { phones } from '../phones/phones.db';
import { users } from '../users/users.db';
import { jobs } from '../../server/jobs/jobs.db';
import { defineRecords } from '../../server/platform/records';
import type {
  BulkKind,
  DeployKind,
  DeployedShortcut,
  QuietHours,
  RecipientState,
  SendState,
} from './messenger.contract';

/**
 * One customer number's texts with one store, newest first in the messenger. Kept by a trigger on
 * `messages` (migration 0022) in the transaction that records the text, whatever sent or received
 * it: the gate, a webhook, a bulk send. Texts that belong to no store (sign-in codes) have none.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The customer's number, E.164. */
    phone: varchar('phone', { length: 20 }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** `inbound` when the customer spoke last: the conversation awaits a reply. */
    lastDirection: varchar('last_direction', { length: 10 }).$type<'inbound' | 'outbound'>().notNull(),
    lastBody: text('last_body').notNull(),
    /** Inbound texts since a person last opened the conversation. */
    unread: integer('unread').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * The store's contact with this number, their name and autopilot, kept by triggers on `contacts`
     * (migration 0022): the list reads one table, not a contact per row.
     */
    contactId: integer('contact_id'),
    contactName: text('contact_name').notNull().default(''),
    autopilot: boolean('autopilot').notNull().default(false),
  },
  (t) => [
    uniqueIndex('conversations_location_phone_key').on(t.locationId, t.phone),
    index('conversations_last_idx').on(t.lastMessageAt, t.id),
    index('conversations_location_last_idx').on(t.locationId, t.lastMessageAt, t.id),
    index('conversations_direction_last_idx').on(t.lastDirection, t.lastMessageAt, t.id),
    index('conversations_location_direction_last_idx').on(t.locationId, t.lastDirection, t.lastMessageAt, t.id),
    index('conversations_unread_idx').on(t.lastMessageAt, t.id).where(sql`${t.unread} > 0`),
    // A number typed from its start (the area code first) finds its conversations by prefix.
    index('conversations_phone_idx').using('btree', sql`${t.phone} text_pattern_ops`),
  ],
);

/**
 * A canned reply (seed 001: load-shortcut {locationId, shortcut}): `[location_name]`-style
 * shortcodes are filled with the store's values when it is used. A row without a store is the
 * group's default for every store that has none of that name. Autopilot answers with the shortcuts
 * whose `keywords` a text contains (docs/messenger.md).
 */
export const shortcuts = pgTable(
  'messenger_shortcuts',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').references(() => locations.id),
    shortcut: varchar('shortcut', { length: 40 }).notNull(),
    message: text('message').notNull(),
    /** Words in a customer's text that make autopilot answer with this shortcut; none: never. */
    keywords: text('keywords').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('messenger_shortcuts_key').on(sql`coalesce(${t.locationId}, 0)`, sql`lower(${t.shortcut})`)],
);

/**
 * A draft shortcut: a store's own, or (no location) the group's, which only a group-wide user reaches.
 * Editing one changes no customer's answer until the store is deployed (docs/messenger.md).
 */
export const shortcutRecords = defineRecords({
  table: shortcuts,
  type: 'messengerShortcut',
  key: shortcuts.id,
  location: shortcuts.locationId,
  missing: 'That shortcut does not exist.',
});

/**
 * A store's messenger as published (docs/messenger.md, "Deploying a store's messenger"): its
 * shortcuts with the shortcodes filled from the store's details of the moment, numbered per store.
 * Autopilot and the conversation's shortcut menu answer from the store's latest row; older rows are
 * the history. `template` keeps each message as written, so a redeploy refills it without the drafts.
 */
export const deployments = pgTable(
  'messenger_deployments',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** 1 for a store's first deploy, then one more each deploy or redeploy. */
    version: integer('version').notNull(),
    kind: varchar('kind', { length: 10 }).$type<DeployKind>().notNull(),
    shortcuts: jsonb('shortcuts').$type<DeployedShortcut[]>().notNull(),
    deployedBy: integer('deployed_by').references(() => users.id, { onDelete: 'set null' }),
    deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A store's latest version is the last entry of this index; two deploys cannot take the same number.
    uniqueIndex('messenger_deployments_version_key').on(t.locationId, t.version),
    index('messenger_deployments_deployed_idx').on(t.deployedAt, t.id),
    index('messenger_deployments_location_deployed_idx').on(t.locationId, t.deployedAt, t.id),
  ],
);

export const deploymentRecords = defineRecords({
  table: deployments,
  type: 'messengerDeployment',
  key: deployments.id,
  location: deployments.locationId,
  missing: 'That deployment does not exist.',
});

/**
 * A mass text, mass call or list email (docs/messenger.md, "Bulk sends"): accepted in one transaction
 * with every recipient, then delivered by a job at the sender's pace.
 */
export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10 }).$type<BulkKind>().notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The line texts and calls go out on. */
    phoneId: integer('phone_id').references(() => phones.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    /** The text, the call's spoken message, or the email's HTML. */
    body: text('body').notNull(),
    quietHours: varchar('quiet_hours', { length: 10 }).$type<QuietHours>().notNull(),
    state: varchar('state', { length: 10 }).$type<SendState>().notNull().default('queued'),
    recipientCount: integer('recipient_count').notNull(),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_sends_created_idx').on(t.createdAt, t.id),
    index('bulk_sends_location_created_idx').on(t.locationId, t.createdAt, t.id),
  ],
);

/**
 * One recipient of a bulk send, once (unique per send): the row is the promise that they get the
 * message exactly once. `sending` marks those handed to the provider whose result is not yet
 * recorded; after a crash they are looked up at the provider before anything is sent again.
 */
export const bulkRecipients = pgTable(
  'bulk_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sendId: integer('send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    /** E.164 for texts and calls, an address for emails. */
    address: varchar('address', { length: 320 }).notNull(),
    contactId: integer('contact_id'),
    state: varchar('state', { length: 10 }).$type<RecipientState>().notNull().default('queued'),
    /** A recipient waiting for their morning is not sent before this. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** When it was handed to the provider: a crash's lookup searches from here. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The provider's id of what was sent. */
    sid: varchar('sid', { length: 64 }),
    reason: text('reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_recipients_address_key').on(t.sendId, t.address),
    index('bulk_recipients_state_idx').on(t.sendId, t.state, t.id),
  ],
);

/**
 * What a send's progress shows, counted as it happens: its recipients by state (and, for those waiting
 * for their morning, by the hour they wait for) and what became of what was sent (`delivered`,
 * `undelivered`). Kept by triggers on the recipients and on the sends' texts and calls (migration 0052), so
 * the progress a screen asks for every second reads a handful of rows, not the send's 50,000.
 */
export const bulkSendTallies = pgTable(
  'bulk_send_tallies',
  {
    sendId: integer('send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    /** A recipient state, or `delivered` / `undelivered` for what was sent. */
    counted: varchar('counted', { length: 12 }).notNull(),
    /** The recipients' `not_before`; '-infinity' for none. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.counted, t.notBefore] })],
);

export const bulkSendRecords = defineRecords({
  table: bulkSends,
  type: 'bulkSend',
  key: bulkSends.id,
  location: bulkSends.locationId,
  missing: 'That send does not exist.',
});
