import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { contacts } from '../contacts/contacts.db';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { storedSearch, storedSearchIndex } from '../../server/platform/search';
import type { DealType } from './purchases.contract';

/**
 * A vehicle the store's sales squad sold (seed 000, "vehicle purchases"; docs/sales.md): the vehicle,
 * the customer as they were when they bought (their contact at the store is marked sold), the
 * salesperson credited (two on a split deal), the price in cents, the day and how they paid.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** '' when sold by VIN alone. */
    stock: varchar('stock', { length: 20 }).notNull().default(''),
    /** '' when sold by stock number alone. */
    vin: varchar('vin', { length: 17 }).notNull().default(''),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    /** The inventory vehicle it was filled from (now marked sold there). */
    inventoryVehicleId: integer('inventory_vehicle_id').references(() => inventoryVehicles.id, {
      onDelete: 'set null',
    }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164. */
    mobilePhone: varchar('mobile_phone', { length: 20 }).notNull(),
    email: text('email').notNull().default(''),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    salespersonId: integer('salesperson_id')
      .notNull()
      .references(() => users.id),
    secondSalespersonId: integer('second_salesperson_id').references(() => users.id),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    soldDate: date('sold_date').notNull(),
    dealType: varchar('deal_type', { length: 10 }).$type<DealType>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [
      purchases.stock,
      purchases.vin,
      purchases.firstName,
      purchases.lastName,
    ]),
  },
  (t) => [
    // The list's sorts with the id after them, and by store and by salesperson (either seat of a split) for its filters.
    index('purchases_sold_idx').on(t.soldDate, t.id),
    index('purchases_price_idx').on(t.priceCents, t.id),
    index('purchases_location_sold_idx').on(t.locationId, t.soldDate, t.id),
    index('purchases_salesperson_sold_idx').on(t.salespersonId, t.soldDate, t.id),
    index('purchases_second_salesperson_sold_idx')
      .on(t.secondSalespersonId, t.soldDate, t.id)
      .where(sql`${t.secondSalespersonId} is not null`),
    storedSearchIndex('purchases_search_idx', t.search),
    // One vehicle's records by VIN (the vehicle page, docs/vehicles.md).
    index('purchases_vin_idx').on(t.vin, t.id),
  ],
);

export const purchaseRecords = defineRecords({
  table: purchases,
  type: 'purchase',
  key: purchases.id,
  location: purchases.locationId,
  missing: 'That purchase does not exist.',
});
