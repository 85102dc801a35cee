import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';
import type { Campaign } from './marketing-plans.contract';

/**
 * A store's marketing plan for a month (seed 001, section 3): the vehicles and coupons on offer and
 * the campaigns that push them. At most one plan per store is current (shown as Active).
 * Campaigns are read and written only with their plan, so they live in it as JSON.
 */
export const marketingPlans = pgTable(
  'marketing_plans',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    name: varchar('name', { length: 120 }).notNull(),
    current: boolean('current').notNull().default(false),
    campaigns: jsonb('campaigns').$type<Campaign[]>().notNull().default([]),
    /** The editor's change count of the last save written (save-plan's `revision`, decision 031). */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketing_plans_current_key').on(t.locationId).where(sql`${t.current}`),
    index('marketing_plans_name_idx').on(t.name, t.id),
    index('marketing_plans_updated_idx').on(t.updatedAt, t.id),
    index('marketing_plans_location_name_idx').on(t.locationId, t.name, t.id),
    index('marketing_plans_location_updated_idx').on(t.locationId, t.updatedAt, t.id),
    searchIndex('marketing_plans_search_idx', t.name),
  ],
);

export const planRecords = defineRecords({
  table: marketingPlans,
  type: 'marketingPlan',
  key: marketingPlans.id,
  location: marketingPlans.locationId,
  missing: 'That marketing plan does not exist.',
});

/** A vehicle on offer in a plan. `location_id` is the plan's, kept here so a store's offers read from one index. */
export const planVehicles = pgTable(
  'plan_vehicles',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => marketingPlans.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    type: varchar('type', { length: 12 }).notNull(),
    inventoryUrl: text('inventory_url').notNull().default(''),
    image: text('image').notNull().default(''),
    year: smallint('year').notNull(),
    make: varchar('make', { length: 60 }).notNull(),
    model: varchar('model', { length: 80 }).notNull(),
    amount: varchar('amount', { length: 40 }).notNull().default(''),
    term: varchar('term', { length: 40 }).notNull().default(''),
    down: varchar('down', { length: 40 }).notNull().default(''),
    description: text('description').notNull().default(''),
    disclaimer: text('disclaimer').notNull().default(''),
    campaignTags: text('campaign_tags').array().notNull().default([]),
    gubagooOfferId: varchar('gubagoo_offer_id', { length: 60 }).notNull().default(''),
    position: integer('position').notNull().default(0),
    live: boolean('live').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
  },
  (t) => [
    index('plan_vehicles_plan_idx').on(t.planId, t.position, t.id),
    index('plan_vehicles_location_idx').on(t.locationId, t.id),
  ],
);

export const planVehicleRecords = defineRecords({
  table: planVehicles,
  type: 'planVehicle',
  key: planVehicles.id,
  location: planVehicles.locationId,
  missing: 'That plan vehicle does not exist.',
});

/** A service or parts coupon in a plan; the coupon locator and the stores' coupon pages read these. */
export const planCoupons = pgTable(
  'plan_coupons',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => marketingPlans.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    type: varchar('type', { length: 10 }).$type<'service' | 'parts'>().notNull(),
    leadingText: varchar('leading_text', { length: 60 }).notNull().default(''),
    price: varchar('price', { length: 40 }).notNull().default(''),
    savings: varchar('savings', { length: 40 }).notNull().default(''),
    retailPrice: varchar('retail_price', { length: 40 }).notNull().default(''),
    promoPrice: varchar('promo_price', { length: 40 }).notNull().default(''),
    trailingText: varchar('trailing_text', { length: 60 }).notNull().default(''),
    promoCode: varchar('promo_code', { length: 40 }).notNull().default(''),
    product: varchar('product', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    gubagooOfferId: varchar('gubagoo_offer_id', { length: 60 }).notNull().default(''),
    disclaimer: text('disclaimer').notNull().default(''),
    campaignTags: text('campaign_tags').array().notNull().default([]),
    position: integer('position').notNull().default(0),
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    index('plan_coupons_plan_idx').on(t.planId, t.position, t.id),
    index('plan_coupons_product_idx').on(t.product, t.id),
    index('plan_coupons_location_product_idx').on(t.locationId, t.product, t.id),
    index('plan_coupons_type_product_idx').on(t.type, t.product, t.id),
    searchIndex('plan_coupons_search_idx', t.product, t.promoCode, t.description),
  ],
);

export const planCouponRecords = defineRecords({
  table: planCoupons,
  type: 'planCoupon',
  key: planCoupons.id,
  location: planCoupons.locationId,
  missing: 'That coupon does not exist.',
});

/** An ad made from a plan's vehicle or coupon, with the social platform's reference for it. */
export const planAds = pgTable(
  'plan_ads',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => marketingPlans.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    vehicleId: integer('vehicle_id').references(() => planVehicles.id, { onDelete: 'set null' }),
    couponId: integer('coupon_id').references(() => planCoupons.id, { onDelete: 'set null' }),
    headline: varchar('headline', { length: 40 }).notNull(),
    message: text('message').notNull(),
    link: text('link').notNull(),
    /** Whole dollars a day. */
    budget: integer('budget').notNull(),
    reference: varchar('reference', { length: 120 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_ads_plan_idx').on(t.planId, t.id)],
);

export const planAdRecords = defineRecords({
  table: planAds,
  type: 'planAd',
  key: planAds.id,
  location: planAds.locationId,
  missing: 'That ad does not exist.',
});
