import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';
import type { Piece } from './email-builder.contract';

/**
 * An email template (seed 001, section 3): a store's options and its pieces in order. The builder
 * saves the whole template on each change, so the pieces (with their vehicles and coupons) live in it
 * as JSON, checked by the contract on the way in.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    name: varchar('name', { length: 120 }).notNull(),
    locked: boolean('locked').notNull().default(false),
    promoScript: boolean('promo_script').notNull().default(false),
    showLocationHeader: boolean('show_location_header').notNull().default(true),
    xtime: boolean('xtime').notNull().default(false),
    autoloop: boolean('autoloop').notNull().default(false),
    themeType: varchar('theme_type', { length: 10 }).$type<'light' | 'dark' | 'custom'>().notNull().default('light'),
    customTheme: varchar('custom_theme', { length: 7 }),
    inventoryUrlType: varchar('inventory_url_type', { length: 10 })
      .$type<'location' | 'custom'>()
      .notNull()
      .default('location'),
    customInventoryUrl: text('custom_inventory_url'),
    serviceUrlType: varchar('service_url_type', { length: 10 })
      .$type<'location' | 'custom'>()
      .notNull()
      .default('location'),
    customServiceUrl: text('custom_service_url'),
    pieces: jsonb('pieces').$type<Piece[]>().notNull().default([]),
    /** The builder's change count of the last save written (save-template's `revision`). */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_templates_name_idx').on(t.name, t.id),
    index('email_templates_updated_idx').on(t.updatedAt, t.id),
    index('email_templates_location_name_idx').on(t.locationId, t.name, t.id),
    index('email_templates_location_updated_idx').on(t.locationId, t.updatedAt, t.id),
    searchIndex('email_templates_search_idx', t.name),
  ],
);

export const templateRecords = defineRecords({
  table: emailTemplates,
  type: 'emailTemplate',
  key: emailTemplates.id,
  location: emailTemplates.locationId,
  missing: 'That email template does not exist.',
});

/** How many pieces a template has, for the list. */
export const pieceCount = sql<number>`jsonb_array_length(${emailTemplates.pieces})`;
