import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';

/**
 * The vehicle catalogue: one row per year, make, model and trim. The product ships the current US
 * makes and models (migration 0011, `shipped`); an admin adds what is missing (docs/vehicles.md).
 * Every year / make / model / trim select in the product reads it (appraisals/rules/list-*).
 */
export const vehicleCatalog = pgTable(
  'vehicle_catalog',
  {
    id: serial('id').primaryKey(),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    trim: text('trim').notNull(),
    /** Part of the catalogue the product ships: kept whatever admins do. */
    shipped: boolean('shipped').notNull().default(false),
    /** The admin who added the entry (null when shipped, or once that user is removed). */
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each cascading select (years; a year's makes; their models; their trims) reads a prefix of it.
    uniqueIndex('vehicle_catalog_key').on(t.year, t.make, t.model, t.trim),
    // The catalogue screen's orders; the shipped rows were added by make, model, year and trim, so
    // within a make the id keeps that order.
    index('vehicle_catalog_make_idx').on(t.make, t.id),
    index('vehicle_catalog_year_idx').on(t.year, t.id),
  ],
);

export const catalogRecords = defineRecords({
  table: vehicleCatalog,
  type: 'vehicleCatalogEntry',
  key: vehicleCatalog.id,
  missing: 'That catalogue entry does not exist.',
});
