import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { appraisals } from '../appraisals/appraisals.db';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';
import type { DealType } from './desking';
import { salesQuotes } from './quotes.db';
import type { DeskDealInput } from './desking.contract';

/**
 * A deal worked in the desking tool and kept (docs/sales.md, "Saved deals"): the vehicle it is on
 * (its VIN and stock number, as the vehicle page handed them), the customer, the store, and the
 * tool's inputs as the server parsed them (money in cents), so it opens again as it was left.
 */
export const deskingDeals = pgTable(
  'desking_deals',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** Upper case; '' for a deal on no particular vehicle. */
    vin: varchar('vin', { length: 17 }).notNull().default(''),
    stock: varchar('stock', { length: 20 }).notNull().default(''),
    /** "2021 Toyota Tacoma TRD Off-Road", as the deal sheet names it. */
    vehicle: text('vehicle').notNull().default(''),
    customerName: text('customer_name').notNull(),
    dealType: varchar('deal_type', { length: 8 }).$type<DealType>().notNull(),
    inputs: jsonb('inputs').$type<DeskDealInput>().notNull(),
    /** The quote the deal was started from (its vehicle, price, rebates and taxes), if any. */
    quoteId: integer('quote_id').references(() => salesQuotes.id, { onDelete: 'set null' }),
    /** The customer's trade-in appraisal whose offer is the deal's trade allowance, if any. */
    appraisalId: integer('appraisal_id').references(() => appraisals.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The saved deals, last worked first: all, by store, by who made them; a vehicle's deals by VIN.
    index('desking_deals_updated_idx').on(t.updatedAt, t.id),
    index('desking_deals_location_updated_idx').on(t.locationId, t.updatedAt, t.id),
    index('desking_deals_creator_updated_idx').on(t.createdBy, t.updatedAt, t.id),
    index('desking_deals_vin_idx').on(t.vin, t.id),
    // A quote's or an appraisal's deals (and their references cleared when one is deleted).
    index('desking_deals_quote_idx').on(t.quoteId).where(sql`${t.quoteId} is not null`),
    index('desking_deals_appraisal_idx').on(t.appraisalId).where(sql`${t.appraisalId} is not null`),
    // Part of a customer's name, a VIN (its last six or eight), a stock number or the vehicle.
    searchIndex('desking_deals_search_idx', t.customerName, t.vin, t.stock, t.vehicle),
  ],
);

export const dealRecords = defineRecords({
  table: deskingDeals,
  type: 'deskingDeal',
  key: deskingDeals.id,
  location: deskingDeals.locationId,
  missing: 'That deal does not exist.',
});
