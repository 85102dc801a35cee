import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { defineRecords } from '../../server/platform/records';
import { storedSearch, storedSearchIndex } from '../../server/platform/search';
import type { ContactSource } from './contacts.contract';

/**
 * A customer a store texts, calls or emails (seed 001: contactId, mobilePhone). A contact belongs to
 * one store; the same person at two stores is two contacts, each with its own conversation and
 * autopilot. Opting out is not a column: it is the group-wide `opt_outs` list (decision 005).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** E.164; one contact per number per store. */
    mobilePhone: varchar('mobile_phone', { length: 20 }),
    email: text('email').notNull().default(''),
    /** Autopilot answers this contact's texts from the store's shortcuts (docs/messenger.md). */
    autopilot: boolean('autopilot').notNull().default(false),
    source: varchar('source', { length: 10 }).$type<ContactSource>().notNull().default('staff'),
    /** Bought from the group: the sold-list cleaning takes them off marketing lists. */
    sold: boolean('sold').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [contacts.firstName, contacts.lastName, contacts.email]),
  },
  (t) => [
    uniqueIndex('contacts_location_phone_key').on(t.locationId, t.mobilePhone).where(sql`${t.mobilePhone} is not null`),
    // The mailing list's order, by name, for the group and for a store.
    index('contacts_name_idx').on(t.lastName, t.id),
    index('contacts_location_name_idx').on(t.locationId, t.lastName, t.id),
    index('contacts_created_idx').on(t.createdAt, t.id),
    // A store's newest contacts: the mailing list by location and newest, and the mailing-list
    // report's "new in 30 days", counted per store from this index alone.
    index('contacts_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('contacts_phone_idx').on(t.mobilePhone),
    // The sold-list cleaning and the chat-lead import match a customer by email, whatever its case.
    index('contacts_email_idx').on(sql`lower(${t.email})`),
    storedSearchIndex('contacts_search_idx', t.search),
  ],
);

/**
 * Addresses that unsubscribed from the group's list emails (the link in every list email), group-wide
 * like text opt-outs (decision 005): no list email goes to them again. Lower-cased.
 */
export const emailOptOuts = pgTable('email_opt_outs', {
  email: varchar('email', { length: 320 }).primaryKey(),
  /** The list email whose link they followed (bulk_sends). */
  sendId: integer('send_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A contact's name as people read it ("Rita Vigil"), '' when the store has not named them. */
export const contactName = sql<string>`coalesce(nullif(trim(${contacts.firstName} || ' ' || ${contacts.lastName}), ''), '')`;

export const contactRecords = defineRecords({
  table: contacts,
  type: 'contact',
  key: contacts.id,
  location: contacts.locationId,
  missing: 'That contact does not exist; it may have been deleted.',
});

/**
 * What each store's mailing list holds, counted (the mailing-list report, docs/marketing.md): kept
 * by statement-level triggers on `contacts` and `opt_outs` (the end of migration 0023), so the report
 * reads one row per store instead of counting 500,000 contacts. Who a text reaches is
 * `phones - opted_out`. What changes with the clock (new in the last 30 days) is not kept here.
 */
export const contactTallies = pgTable('contact_tallies', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  contacts: integer('contacts').notNull().default(0),
  /** Contacts with a mobile number. */
  phones: integer('phones').notNull().default(0),
  /** Contacts whose mobile number is on the group's opt-out list. */
  optedOut: integer('opted_out').notNull().default(0),
  /** Contacts with an email address. */
  emails: integer('emails').notNull().default(0),
  sold: integer('sold').notNull().default(0),
});
