import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { contacts } from '../contacts/contacts.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';

/**
 * A buyer who wrote about a vehicle the store lists on the social marketplace, as staff recorded it
 * and sent it on (docs/sales.md, "Marketplace leads"): what was sent, to which contact, and the
 * platform's reference for it.
 */
export const marketplaceLeads = pgTable(
  'marketplace_leads',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    stock: varchar('stock', { length: 20 }).notNull().default(''),
    listing: text('listing').notNull().default(''),
    /** The vehicle in words: from inventory when its stock number is on the lot. */
    vehicle: text('vehicle').notNull(),
    name: text('name').notNull(),
    /** E.164, or null with an email only. */
    phone: varchar('phone', { length: 20 }),
    email: text('email').notNull().default(''),
    message: text('message').notNull(),
    /** Its id at the platform (the event id is ours, `eventId`). */
    eventId: varchar('event_id', { length: 40 }).notNull(),
    provider: varchar('provider', { length: 10 }).notNull(),
    reference: text('reference').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_leads_location_created_idx').on(t.locationId, t.createdAt, t.id)],
);

export const marketplaceLeadRecords = defineRecords({
  table: marketplaceLeads,
  type: 'marketplaceLead',
  key: marketplaceLeads.id,
  location: marketplaceLeads.locationId,
  missing: 'That lead does not exist.',
});
