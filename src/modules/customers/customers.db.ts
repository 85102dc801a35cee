import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { defineRecords } from '../../server/platform/records';
import type { CustomerKeyKind, LinkKind } from './customers.contract';

/**
 * One person the group deals with (docs/customers.md), found from the records that name them: every
 * appraisal, questionnaire, quote, purchase, service appointment, repair order, contact and text
 * conversation is linked to a customer by triggers on those tables (migration 0044) when it carries
 * a phone or an email a customer already has, and makes a new customer when it carries one nobody has.
 * A customer merged into another keeps its row and points at the one kept (`mergedInto`).
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** The store that first knew them (the record that made the customer). */
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    name: text('name').notNull().default(''),
    /** The first phone (E.164) and email (lower case) they were known by; every one is in `customer_keys`. */
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    email: text('email').notNull().default(''),
    /** Every phone and email of theirs, space-separated: what the search reads besides the name. */
    searchKeys: text('search_keys').notNull().default(''),
    /** When a record of theirs was last added (its own date): the list's default order. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    mergedInto: integer('merged_into').references((): AnyPgColumn => customers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's sorts, with the id after them; customers merged away are left out of the list.
    index('customers_name_idx').on(t.name, t.id).where(sql`${t.mergedInto} is null`),
    index('customers_seen_idx').on(t.lastSeenAt, t.id).where(sql`${t.mergedInto} is null`),
    index('customers_location_seen_idx').on(t.locationId, t.lastSeenAt, t.id).where(sql`${t.mergedInto} is null`),
    // "Possibly the same person": other customers of the same name.
    index('customers_name_key_idx').on(sql`lower(${t.name})`).where(sql`${t.mergedInto} is null`),
    index('customers_merged_idx').on(t.mergedInto).where(sql`${t.mergedInto} is not null`),
  ],
);

/**
 * Each word of each customer's name, phones and emails (`customer_words_text`, migration 0045), with
 * their last-seen time and store: the list and the palette look a typed word up here and read its
 * customers newest first without sorting every match (decision 038, platform/words.ts). Kept by a
 * trigger on `customers`; a merged customer has none.
 */
export const customerWords = pgTable(
  'customer_words',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    /** The record's word before this one in byte order, '' for the first (platform/words.ts). */
    priorWord: text('prior_word').notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    locationId: integer('location_id').notNull(),
  },
  (t) => [
    // A record's words, each once; a term's other words are looked up here (prefix ranges: text_pattern_ops).
    uniqueIndex('customer_words_customer_word_key').on(t.customerId, t.word.op('text_pattern_ops')),
    // A word's start is a range of this index (text_pattern_ops); within it, the newest first.
    index('customer_words_seen_idx').on(
      t.word.op('text_pattern_ops'),
      t.lastSeenAt,
      t.customerId,
      t.locationId,
      t.priorWord.op('text_pattern_ops'),
    ),
  ],
);

export const customerRecords = defineRecords({
  table: customers,
  type: 'customer',
  key: customers.id,
  location: customers.locationId,
  missing: 'That customer does not exist.',
});

/** Each phone (E.164) and email (trimmed, lower case) a customer is known by: one customer each. */
export const customerKeys = pgTable(
  'customer_keys',
  {
    kind: varchar('kind', { length: 5 }).$type<CustomerKeyKind>().notNull(),
    value: text('value').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index('customer_keys_customer_idx').on(t.customerId)],
);

/**
 * A record of another module that names a customer: its kind and id, its store and date, and a line
 * that says what it is, kept by the triggers. A record with a name alone (quotes, repair orders) has
 * no customer until someone links it by hand (`byHand`, which the triggers then keep).
 */
export const customerLinks = pgTable(
  'customer_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 16 }).$type<LinkKind>().notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The name as the record gives it, and lower-cased and trimmed (the "possibly the same person" match). */
    name: text('name').notNull().default(''),
    nameKey: text('name_key').notNull().default(''),
    /** The record's phone, E.164, or blank: where its texts are (a conversation's address). */
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
    summary: text('summary').notNull().default(''),
    byHand: boolean('by_hand').notNull().default(false),
  },
  (t) => [
    uniqueIndex('customer_links_record_key').on(t.kind, t.recordId),
    // A customer's records of one kind, newest first (the page's sections), and of every kind.
    index('customer_links_customer_kind_idx').on(t.customerId, t.kind, t.at, t.id),
    index('customer_links_customer_idx').on(t.customerId, t.at, t.id),
    index('customer_links_at_idx').on(t.at, t.id),
    // Records no customer holds, by name: offered on the page of a customer of that name.
    index('customer_links_unlinked_name_idx').on(t.nameKey, t.at, t.id).where(sql`${t.customerId} is null`),
  ],
);

/**
 * Conversations a bulk send made, waiting for the job that links them to customers after the send
 * (`linkLater`, decision 043): linking each new number as its text went out halved a mass text's pace.
 */
export const conversationsToLink = pgTable('customer_conversations_to_link', {
  conversationId: bigint('conversation_id', { mode: 'number' }).primaryKey(),
});

export const linkRecords = defineRecords({
  table: customerLinks,
  type: 'customerLink',
  key: customerLinks.id,
  location: customerLinks.locationId,
  missing: 'That record does not exist.',
});
