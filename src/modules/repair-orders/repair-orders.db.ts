import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
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
import { storedSearch, storedSearchIndex } from '../../server/platform/search';
import type { OrderStatus } from './repair-orders.contract';

/**
 * A repair order (seed 002: repairOrderId, locationId, notes, servicesRequested, itemized values and
 * hours). Its totals are kept on the order, worked out from its items in the transaction that saves
 * them, so the list sorts and sums nothing per row. `version` counts saves: an advisor saving an
 * order loaded before another's save is refused (docs/repair-orders.md).
 */
export const repairOrders = pgTable(
  'repair_orders',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    customerName: text('customer_name').notNull(),
    vehicle: text('vehicle').notNull(),
    servicesRequested: text('services_requested').notNull(),
    notes: text('notes').notNull().default(''),
    status: varchar('status', { length: 10 }).$type<OrderStatus>().notNull().default('open'),
    /** Cents, and hundredths of an hour: exact. */
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
    hoursHundredths: integer('hours_hundredths').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [repairOrders.customerName, repairOrders.vehicle]),
  },
  (t) => [
    index('repair_orders_created_idx').on(t.createdAt, t.id),
    index('repair_orders_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('repair_orders_status_created_idx').on(t.status, t.createdAt, t.id),
    storedSearchIndex('repair_orders_search_idx', t.search),
  ],
);

/** An order's line: a description, a value in cents and hours in hundredths, in the order shown. */
export const repairOrderItems = pgTable(
  'repair_order_items',
  {
    id: serial('id').primaryKey(),
    repairOrderId: integer('repair_order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull().default(''),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
    hoursHundredths: integer('hours_hundredths').notNull().default(0),
  },
  (t) => [index('repair_order_items_order_idx').on(t.repairOrderId, t.position)],
);

export const orderRecords = defineRecords({
  table: repairOrders,
  type: 'repairOrder',
  key: repairOrders.id,
  location: repairOrders.locationId,
  missing: 'That repair order does not exist.',
});
