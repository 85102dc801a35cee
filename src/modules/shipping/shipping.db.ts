import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';
import type { ShipmentRequest } from '../../server/providers/shipping/shipping';

/**
 * A vehicle shipment ordered from a carrier (seed 002, "Shipment"): its two ends, the vehicle, and
 * what the carrier was sent and answered. It belongs to the store it leaves, or the store it goes to
 * when it leaves a customer's address.
 */
export const shipmentOrders = pgTable(
  'shipment_orders',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    originLocationId: integer('origin_location_id').references(() => locations.id),
    originName: text('origin_name').notNull(),
    originAddressOne: text('origin_address_one').notNull(),
    originCity: text('origin_city').notNull(),
    originState: varchar('origin_state', { length: 2 }).notNull(),
    originZipcode: varchar('origin_zipcode', { length: 10 }).notNull(),
    customerAddress: boolean('customer_address').notNull().default(false),
    destinationLocationId: integer('destination_location_id').references(() => locations.id),
    destinationName: text('destination_name').notNull(),
    destinationAddressOne: text('destination_address_one').notNull(),
    destinationCity: text('destination_city').notNull(),
    destinationState: varchar('destination_state', { length: 2 }).notNull(),
    destinationZipcode: varchar('destination_zipcode', { length: 10 }).notNull(),
    vin: varchar('vin', { length: 17 }).notNull(),
    stock: varchar('stock', { length: 20 }),
    year: smallint('year'),
    make: text('make'),
    model: text('model'),
    pickupDate: date('pickup_date').notNull(),
    notes: text('notes').notNull().default(''),
    /** The provider that took it (`local`: kept here, sent nowhere) and its reference. */
    carrier: varchar('carrier', { length: 10 }).notNull(),
    reference: text('reference').notNull(),
    /** What the carrier was sent, word for word. */
    request: jsonb('request').$type<ShipmentRequest>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipment_orders_created_idx').on(t.createdAt, t.id),
    index('shipment_orders_location_idx').on(t.locationId, t.createdAt, t.id),
    index('shipment_orders_pickup_idx').on(t.pickupDate, t.id),
    // One vehicle's records by VIN (the vehicle page, docs/vehicles.md).
    index('shipment_orders_vin_idx').on(t.vin, t.id),
    searchIndex('shipment_orders_search_idx', t.vin, t.originName, t.destinationName, t.reference),
  ],
);

/** One shipment order, read on its own page within the reader's reach (shipping/load-order). */
export const shipmentRecords = defineRecords({
  table: shipmentOrders,
  type: 'shipmentOrder',
  key: shipmentOrders.id,
  location: shipmentOrders.locationId,
  missing: 'That shipment does not exist.',
});
