import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contacts } from '../contacts/contacts.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';

/**
 * A lead from the website chat (seed 000: import-gubagoo-leads): who chatted, when, and what they
 * asked, kept beside the contact it made or matched at the store. docs/experience.md.
 */
export const chatLeads = pgTable(
  'chat_leads',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** When the customer chatted, as the export says; null when it gives no date. */
    chattedAt: timestamp('chatted_at', { withTimezone: true }),
    message: text('message').notNull().default(''),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The same export imported twice records each chat once (an undated chat is told apart by its message).
    uniqueIndex('chat_leads_once_key').on(
      t.contactId,
      sql`coalesce(${t.chattedAt}, 'epoch'::timestamptz)`,
      sql`md5(${t.message})`,
    ),
  ],
);
