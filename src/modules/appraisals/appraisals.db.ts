import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex, storedSearch, storedSearchIndex } from '../../server/platform/search';
import type {
  AdjustmentType,
  AppraisalSource,
  AppraisalStatus,
  VehicleCondition,
  WorkingStatus,
} from './appraisals.values';

/**
 * A trade-in appraisal (seed 000): a customer's vehicle a store has been asked to value, where the
 * request came from, the vehicle, the value the desk starts from (`baseValueCents`) and the offer the
 * offer rules make of it (`offerCents`, offer.ts), where the offer stands with the customer and how far
 * the desk has worked the lead. Money in integer cents. Payments to the seller (seed 001) hang off it.
 */
export const appraisals = pgTable(
  'appraisals',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    source: varchar('source', { length: 16 }).$type<AppraisalSource>().notNull(),
    customerName: text('customer_name').notNull(),
    /** E.164 (+15055550123), or blank. */
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    email: text('email').notNull().default(''),
    /** Normalized (upper case); a website lead may come without one (blank). */
    vin: varchar('vin', { length: 17 }).notNull().default(''),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    trim: text('trim').notNull().default(''),
    mileage: integer('mileage').notNull(),
    condition: varchar('condition', { length: 10 }).$type<VehicleCondition>().notNull(),
    /** What the desk starts from (book value for the vehicle and condition), in cents. */
    baseValueCents: integer('base_value_cents').notNull(),
    /** The base value adjusted by every offer rule that matched on `offeredAt` (appraisal_adjustments). */
    offerCents: integer('offer_cents').notNull(),
    /** When the offer was last worked out: the day the rules' start and end dates are compared with. */
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    status: varchar('status', { length: 10 }).$type<AppraisalStatus>().notNull().default('new'),
    workingStatus: varchar('working_status', { length: 12 }).$type<WorkingStatus>().notNull().default('unworked'),
    /** The appraiser working the lead; none until someone takes it (or once that user is removed). */
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [
      appraisals.customerName,
      appraisals.phone,
      appraisals.email,
      appraisals.vin,
      appraisals.make,
      appraisals.model,
    ]),
  },
  (t) => [
    // The manager's sorts, each with the id after it, and the filters people use most, newest first.
    index('appraisals_created_idx').on(t.createdAt, t.id),
    index('appraisals_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('appraisals_status_created_idx').on(t.status, t.createdAt, t.id),
    index('appraisals_working_created_idx').on(t.workingStatus, t.createdAt, t.id),
    index('appraisals_source_created_idx').on(t.source, t.createdAt, t.id),
    // The desk's queue (unworked leads of a source): its count reads this index alone, where the
    // generic plan, expecting a twentieth of the table, would otherwise scan it all.
    index('appraisals_working_source_created_idx').on(t.workingStatus, t.source, t.createdAt, t.id),
    index('appraisals_location_status_created_idx').on(t.locationId, t.status, t.createdAt, t.id),
    index('appraisals_offer_idx').on(t.offerCents, t.id),
    index('appraisals_customer_idx').on(t.customerName, t.id),
    index('appraisals_assigned_idx').on(t.assignedUserId),
    // One vehicle's records by VIN (the vehicle page, docs/vehicles.md).
    index('appraisals_vin_idx').on(t.vin, t.id).where(sql`${t.vin} <> ''`),
    // Part of a name, phone, email, VIN (often its last six), make or model.
    storedSearchIndex('appraisals_search_idx', t.search),
    check('appraisals_money', sql`${t.baseValueCents} >= 0 and ${t.offerCents} >= 0`),
    check('appraisals_mileage', sql`${t.mileage} >= 0`),
  ],
);

export const appraisalRecords = defineRecords({
  table: appraisals,
  type: 'appraisal',
  key: appraisals.id,
  location: appraisals.locationId,
  missing: 'That appraisal does not exist.',
});

/**
 * An offer rule (seed 000, "Appraisal offer rule"): moves the offer of every appraisal it matches by an
 * amount or a percent of the base value. Blank criteria match every vehicle; the dates are days on the
 * group's clock, both included (docs/appraisals.md). Rules belong to the whole group.
 */
export const vehicleOfferRules = pgTable(
  'vehicle_offer_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    minVehicleYear: smallint('min_vehicle_year'),
    maxVehicleYear: smallint('max_vehicle_year'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    vehicleMake: text('vehicle_make').notNull().default(''),
    vehicleModel: text('vehicle_model').notNull().default(''),
    vehicleTrim: text('vehicle_trim').notNull().default(''),
    /** The rule applies to vehicles with at least this many miles; none: any mileage. */
    mileage: integer('mileage'),
    adjustmentType: varchar('adjustment_type', { length: 8 }).$type<AdjustmentType>().notNull(),
    /** Signed: cents for an amount, hundredths of a percent for a percent (-250 = -2.5 %). */
    priceAdjustment: integer('price_adjustment').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vehicle_offer_rules_name_idx').on(t.name, t.id),
    index('vehicle_offer_rules_start_idx').on(t.startDate, t.id),
    index('vehicle_offer_rules_created_idx').on(t.createdAt, t.id),
    index('vehicle_offer_rules_make_idx').on(t.vehicleMake, t.id),
    searchIndex('vehicle_offer_rules_search_idx', t.name, t.description, t.vehicleMake, t.vehicleModel),
    check(
      'vehicle_offer_rules_years',
      sql`${t.minVehicleYear} is null or ${t.maxVehicleYear} is null or ${t.minVehicleYear} <= ${t.maxVehicleYear}`,
    ),
    check(
      'vehicle_offer_rules_dates',
      sql`${t.startDate} is null or ${t.endDate} is null or ${t.startDate} <= ${t.endDate}`,
    ),
  ],
);

export const ruleRecords = defineRecords({
  table: vehicleOfferRules,
  type: 'vehicleOfferRule',
  key: vehicleOfferRules.id,
  missing: 'That appraisal rule does not exist.',
});

/**
 * Which rules moved an appraisal's offer and by how much, in the order they were applied (offer.ts),
 * written each time the offer is worked out. The rule's name and adjustment are copied, so the
 * appraisal still shows what it was offered on after a rule is changed or deleted.
 */
export const appraisalAdjustments = pgTable(
  'appraisal_adjustments',
  {
    appraisalId: integer('appraisal_id')
      .notNull()
      .references(() => appraisals.id, { onDelete: 'cascade' }),
    /** 1, 2, 3…: the order applied. */
    position: smallint('position').notNull(),
    ruleId: integer('rule_id').references(() => vehicleOfferRules.id, { onDelete: 'set null' }),
    ruleName: text('rule_name').notNull(),
    adjustmentType: varchar('adjustment_type', { length: 8 }).$type<AdjustmentType>().notNull(),
    priceAdjustment: integer('price_adjustment').notNull(),
    /** What it moved the offer by, in cents (signed). */
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appraisalId, t.position] }), index('appraisal_adjustments_rule_idx').on(t.ruleId)],
);

/**
 * The appraisal locations screen's counts, kept by triggers on `appraisals` in the transaction that
 * changes them (the hand-written end of the appraisals migration; docs/appraisals.md): per store,
 * source and creation day (grain 'd') and per store, source and month ('m'), days on the store's clock,
 * and the same for every source together (`source` '', the rows a screen without a source filter reads).
 * The screen reads whole months from the month rows and the days at either end from the day rows.
 * An offer counts as made once it has left `new`; `offerCents` sums those offers.
 */
export const appraisalTallies = pgTable(
  'appraisal_tallies',
  {
    locationId: integer('location_id').notNull(),
    grain: char('grain', { length: 1 }).$type<'d' | 'm'>().notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 16 }).$type<AppraisalSource>().notNull(),
    appraisals: integer('appraisals').notNull().default(0),
    new: integer('new').notNull().default(0),
    offered: integer('offered').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    declined: integer('declined').notNull().default(0),
    purchased: integer('purchased').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    offers: integer('offers').notNull().default(0),
    offerCents: bigint('offer_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.grain, t.period, t.source] }),
    // A store's sums over a range of periods, read from this index alone (it holds every count).
    index('appraisal_tallies_store_idx').on(
      t.locationId,
      t.source,
      t.grain,
      t.period,
      t.appraisals,
      t.new,
      t.offered,
      t.accepted,
      t.declined,
      t.purchased,
      t.expired,
      t.offers,
      t.offerCents,
    ),
    // The whole group's totals over a range of periods, read from this index alone (the counts are
    // in it): a year of the group is some 4,000 entries instead of a scan of every store's days.
    index('appraisal_tallies_period_idx').on(t.source, t.grain, t.period, t.locationId, t.appraisals, t.offers),
  ],
);
