import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { defineRecords } from '../../server/platform/records';
import type { Condition, InventoryStatus, InventorySource } from './inventory.contract';

/**
 * A vehicle in a store's inventory (seed 001, "store inventory"): on the lot or sold. A vehicle
 * imported from the library has no VIN yet (it is a model the store offers to order).
 */
export const inventoryVehicles = pgTable(
  'inventory_vehicles',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    stock: varchar('stock', { length: 20 }),
    vin: varchar('vin', { length: 17 }),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    trim: text('trim'),
    condition: varchar('condition', { length: 10 }).$type<Condition>().notNull(),
    exteriorColor: text('exterior_color'),
    mileage: integer('mileage'),
    /** Whole dollars. */
    price: integer('price'),
    status: varchar('status', { length: 10 }).$type<InventoryStatus>().notNull().default('in stock'),
    source: varchar('source', { length: 10 }).$type<InventorySource>().notNull(),
    image: text('image'),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A VIN is on one lot at a time.
    uniqueIndex('inventory_vehicles_vin_key').on(t.vin).where(sql`${t.vin} is not null and ${t.status} = 'in stock'`),
    index('inventory_vehicles_status_idx').on(t.status, t.createdAt, t.id),
    index('inventory_vehicles_location_idx').on(t.locationId, t.status, t.createdAt, t.id),
    index('inventory_vehicles_created_idx').on(t.createdAt, t.id),
    index('inventory_vehicles_price_idx').on(t.price, t.id),
    // One vehicle's records by VIN (the vehicle page, docs/vehicles.md).
    index('inventory_vehicles_vin_idx').on(t.vin, t.id),
    // A make and model in stock: counted from the index alone, and probed per store for the location count.
    index('inventory_vehicles_vehicle_idx').on(t.make, t.model, t.status, t.locationId),
    index('inventory_vehicles_search_idx').using(
      'gin',
      sql`(coalesce(${t.vin}, '') || ' ' || coalesce(${t.stock}, '')) gin_trgm_ops`,
    ),
  ],
);

export const inventoryRecords = defineRecords({
  table: inventoryVehicles,
  type: 'inventoryVehicle',
  key: inventoryVehicles.id,
  location: inventoryVehicles.locationId,
  missing: 'That vehicle is not in inventory.',
});

/** The vehicle library (seed 000, "Library vehicle"): models with a picture and a description, to import into a store's inventory. */
export const vehicleLibrary = pgTable(
  'vehicle_library',
  {
    id: serial('id').primaryKey(),
    /** A path on the static assets host (`ASSETS_BASE_URL`). */
    image: text('image').notNull(),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('vehicle_library_vehicle_idx').on(t.make, t.model, t.year)],
);
