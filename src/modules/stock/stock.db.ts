import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import type { AcquiredBy } from './stock.contract';

/**
 * A stock number (seed 002, "Stock number"): the number a store gives a vehicle it takes in, e.g.
 * ABG00042, or ABG00042A for the first vehicle traded in on it (docs/stock.md).
 */
export const stockNumbers = pgTable(
  'stock_numbers',
  {
    id: serial('id').primaryKey(),
    stock: varchar('stock', { length: 20 }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** Upper-case; a Manual Entry VIN may be shorter than 17 or fail its check. */
    vin: varchar('vin', { length: 17 }).notNull(),
    acquiredBy: varchar('acquired_by', { length: 20 }).$type<AcquiredBy>().notNull(),
    /** Early Trade: the VIN of the vehicle the customer is buying. */
    purchaseVin: varchar('purchase_vin', { length: 17 }),
    /** Trade: the stock number it was traded in on, and which trade of that deal it is (1 for A). */
    parent: varchar('parent', { length: 20 }),
    tradeOrder: smallint('trade_order'),
    year: smallint('year'),
    make: text('make'),
    model: text('model'),
    trim: text('trim'),
    /** Generated although its VIN failed the check, after the user confirmed (also in the audit). */
    vinOverride: boolean('vin_override').notNull().default(false),
    /** The batch it was generated in: the first stock number's id of the batch. */
    batchId: integer('batch_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_numbers_stock_key').on(t.stock),
    // The manager's list by location, newest first, and the report's by date.
    index('stock_numbers_location_idx').on(t.locationId, t.createdAt, t.id),
    index('stock_numbers_created_idx').on(t.createdAt, t.id),
    index('stock_numbers_acquired_idx').on(t.acquiredBy, t.createdAt, t.id),
    // The start of a number (`like 'ABG0001%'`), planned for its pattern: read as a range of this index.
    index('stock_numbers_stock_prefix_idx').using('btree', sql`${t.stock} text_pattern_ops`),
    // The existence check and the reader: a whole VIN, or its last eight characters (the serial
    // number people read off a windshield or a title). A VIN holds one stock number: two requests
    // for the same VIN at once cannot both pass the check, the database refuses the second.
    uniqueIndex('stock_numbers_vin_key').on(t.vin),
    index('stock_numbers_vin_serial_idx').on(sql`right(${t.vin}, 8)`),
    index('stock_numbers_parent_idx').on(t.parent).where(sql`${t.parent} is not null`),
    // Part of a stock number or VIN, as the manager's filters take them.
    index('stock_numbers_stock_trgm_idx').using('gin', sql`${t.stock} gin_trgm_ops`),
    index('stock_numbers_vin_trgm_idx').using('gin', sql`${t.vin} gin_trgm_ops`),
  ],
);

/**
 * The last sequence number each location gave. Generating takes the next numbers in the same
 * transaction as the stock numbers (the row stays locked until it commits, so concurrent calls
 * queue); a call that fails gives its numbers back.
 */
export const stockSequences = pgTable('stock_sequences', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id),
  last: integer('last').notNull(),
});

export const stockRecords = defineRecords({
  table: stockNumbers,
  type: 'stockNumber',
  key: stockNumbers.id,
  location: stockNumbers.locationId,
  missing: 'That stock number does not exist.',
});

/** The same records named by their stock number (load-stock, a trade's parent). */
export const stockByNumber = defineRecords({
  table: stockNumbers,
  type: 'stockNumber',
  key: stockNumbers.stock,
  location: stockNumbers.locationId,
  missing: (stock) => `There is no stock number ${stock}.`,
});
