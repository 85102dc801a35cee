import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { inventoryVehicles } from '../inventory/inventory.db';
import { defineRecords } from '../../server/platform/records';
import { storedSearch, storedSearchIndex } from '../../server/platform/search';
import type { QuoteFigures, QuoteLines } from './quote';

/**
 * A price builder quote as it was sent (docs/sales.md, "Price builder"): its lines and figures as
 * worked out by the server, and the unguessable token of the customer's page, which expires.
 */
export const salesQuotes = pgTable(
  'sales_quotes',
  {
    id: serial('id').primaryKey(),
    /** 128 random bits, base64url: the customer's page address. */
    token: varchar('token', { length: 32 }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    inventoryVehicleId: integer('inventory_vehicle_id').references(() => inventoryVehicles.id, {
      onDelete: 'set null',
    }),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    trim: text('trim').notNull().default(''),
    stock: varchar('stock', { length: 20 }).notNull().default(''),
    vin: varchar('vin', { length: 17 }).notNull().default(''),
    customerName: text('customer_name').notNull().default(''),
    lines: jsonb('lines').$type<QuoteLines>().notNull(),
    figures: jsonb('figures').$type<QuoteFigures>().notNull(),
    /** Whole cents (whole dollars by the quote's rule). */
    total: bigint('total', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the customer first opened the page, and how often. */
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    search: storedSearch((): AnyPgColumn[] => [
      salesQuotes.customerName,
      salesQuotes.make,
      salesQuotes.model,
      salesQuotes.stock,
      salesQuotes.vin,
    ]),
  },
  (t) => [
    uniqueIndex('sales_quotes_token_key').on(t.token),
    // The quotes list: newest first, by store, by who made them, by total; a name, make, model, stock
    // number or part of a VIN (its last six or eight, as read off the vehicle).
    index('sales_quotes_created_idx').on(t.createdAt, t.id),
    index('sales_quotes_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('sales_quotes_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('sales_quotes_total_idx').on(t.total, t.id),
    storedSearchIndex('sales_quotes_search_idx', t.search),
    // One vehicle's records by VIN (the vehicle page, docs/vehicles.md).
    index('sales_quotes_vin_idx').on(t.vin, t.id).where(sql`${t.vin} <> ''`),
  ],
);

/** One quote within the reader's reach (a deal started from it, sales/desking/start-deal). */
export const quoteRecords = defineRecords({
  table: salesQuotes,
  type: 'salesQuote',
  key: salesQuotes.id,
  location: salesQuotes.locationId,
  missing: 'That quote does not exist.',
});
