import {
  bigint,
  boolean,
  date,
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
import { searchIndex } from '../../server/platform/search';
import type { IncentiveType } from './incentives.contract';

/**
 * A vehicle incentive (seed 000, "Incentive"; docs/sales.md): an amount toward a cash, finance or
 * lease deal on the vehicles of a range of model years, a make and a model (blank: any), at one store
 * or (no location) at every store of the group, between two days.
 */
export const incentives = pgTable(
  'incentives',
  {
    id: serial('id').primaryKey(),
    /** Null: the whole group. A store's incentive belongs to its store (reach). */
    locationId: integer('location_id').references(() => locations.id),
    name: text('name').notNull(),
    type: varchar('type', { length: 10 }).$type<IncentiveType>().notNull(),
    /** Whole cents. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    minYear: smallint('min_year').notNull(),
    maxYear: smallint('max_year').notNull(),
    /** '' for any make (and then any model). */
    make: text('make').notNull().default(''),
    /** '' for any model of the make. */
    model: text('model').notNull().default(''),
    /** Calendar days, both included, on the store's clock. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** The price builder ticks it for a new quote. */
    enabledByDefault: boolean('enabled_by_default').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's sorts, each with the id after it.
    index('incentives_start_idx').on(t.startDate, t.id),
    index('incentives_end_idx').on(t.endDate, t.id),
    index('incentives_name_idx').on(t.name, t.id),
    index('incentives_amount_idx').on(t.amountCents, t.id),
    // A store's incentives (and the group's, location null) by start, for the list's store filter;
    // the price builder's question reads it too (a store's and the group's running ones).
    index('incentives_location_start_idx').on(t.locationId, t.startDate, t.id),
    index('incentives_active_start_idx').on(t.active, t.startDate, t.id),
    searchIndex('incentives_search_idx', t.name),
  ],
);

export const incentiveRecords = defineRecords({
  table: incentives,
  type: 'incentive',
  key: incentives.id,
  location: incentives.locationId,
  missing: 'That incentive does not exist; it may have been deleted.',
});
