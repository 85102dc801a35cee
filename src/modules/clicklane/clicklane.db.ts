import { eq, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex, storedSearch, storedSearchIndex } from '../../server/platform/search';
import type {
  Carrier,
  Coverage,
  DeliveryStatus,
  LaneVehicleStatus,
  LeadSource,
  LeadStatus,
  QuoteStatus,
} from './clicklane.contract';

/**
 * The lane's own users (seed 000, "access users"): the customers' accounts on the delivery product,
 * where they read their delivery's updates. Not staff: they never sign in to the back office. A
 * customer of the whole group (they may buy from any store), so no location (docs/clicklane.md).
 */
export const laneUsers = pgTable(
  'lane_users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Lower case, one account per address (the email rule of src/shared/fields.ts). */
    email: varchar('email', { length: 200 }).notNull(),
    /** E.164, or blank (the phone rule: src/server/platform/phone.ts). */
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    /** Argon2id; null until the customer first sets a password through a reset link. */
    passwordHash: text('password_hash'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [laneUsers.name, laneUsers.email, laneUsers.phone]),
  },
  (t) => [
    uniqueIndex('lane_users_email_key').on(t.email),
    index('lane_users_created_idx').on(t.createdAt, t.id),
    index('lane_users_name_idx').on(t.name, t.id),
    storedSearchIndex('lane_users_search_idx', t.search),
  ],
);

/**
 * A single-use password reset link for a lane user (seed 000: reset-password). Only the SHA-256 of
 * its token is kept: the token itself is in the email alone.
 */
export const lanePasswordResets = pgTable(
  'lane_password_resets',
  {
    id: serial('id').primaryKey(),
    laneUserId: integer('lane_user_id')
      .notNull()
      .references(() => laneUsers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The staff member who sent it. */
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lane_password_resets_token_key').on(t.tokenHash),
    index('lane_password_resets_user_idx').on(t.laneUserId),
  ],
);

/**
 * A lane vehicle: a car offered on the click-to-buy lane by a store, by VIN (checked), stock number,
 * price and a link to its photos.
 */
export const laneVehicles = pgTable(
  'lane_vehicles',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    vin: varchar('vin', { length: 17 }).notNull(),
    stockNumber: varchar('stock_number', { length: 20 }).notNull(),
    /** "2022 Toyota RAV4 XLE", as the lane shows it. */
    description: varchar('description', { length: 120 }).notNull().default(''),
    /** Whole cents. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    photosUrl: varchar('photos_url', { length: 300 }).notNull().default(''),
    status: varchar('status', { length: 12 }).$type<LaneVehicleStatus>().notNull().default('available'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One lane listing per VIN while it is offered or on its way to a customer.
    uniqueIndex('lane_vehicles_live_vin_key').on(t.vin).where(sql`${t.status} <> 'withdrawn'`),
    index('lane_vehicles_created_idx').on(t.createdAt, t.id),
    index('lane_vehicles_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('lane_vehicles_status_created_idx').on(t.status, t.createdAt, t.id),
    index('lane_vehicles_price_idx').on(t.priceCents, t.id),
    index('lane_vehicles_stock_idx').on(t.stockNumber, t.id),
    // One vehicle's records by VIN (the vehicle page, docs/vehicles.md).
    index('lane_vehicles_vin_idx').on(t.vin, t.id),
    searchIndex('lane_vehicles_search_idx', t.vin, t.stockNumber, t.description),
  ],
);

/**
 * A lead from the partner site (seed 001: "vrLeads"): a customer who picked a car online, at a store,
 * from new to sold (or lost).
 */
export const laneLeads = pgTable(
  'lane_leads',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The customer's lane account, once they have one. */
    laneUserId: integer('lane_user_id').references(() => laneUsers.id, { onDelete: 'set null' }),
    customerName: varchar('customer_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 200 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    /** What they asked for, as typed on the partner site ("2022 RAV4 XLE, white"). */
    vehicleWanted: varchar('vehicle_wanted', { length: 200 }).notNull().default(''),
    /** The lane vehicle they picked, when it was one of ours. */
    laneVehicleId: integer('lane_vehicle_id').references(() => laneVehicles.id, { onDelete: 'set null' }),
    source: varchar('source', { length: 20 }).$type<LeadSource>().notNull(),
    status: varchar('status', { length: 12 }).$type<LeadStatus>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the customer finished the online purchase (status completed). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the car was delivered and the sale booked (status sold). */
    soldAt: timestamp('sold_at', { withTimezone: true }),
    search: storedSearch((): AnyPgColumn[] => [
      laneLeads.customerName,
      laneLeads.email,
      laneLeads.phone,
      laneLeads.vehicleWanted,
    ]),
  },
  (t) => [
    index('lane_leads_created_idx').on(t.createdAt, t.id),
    index('lane_leads_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('lane_leads_status_created_idx').on(t.status, t.createdAt, t.id),
    index('lane_leads_location_status_created_idx').on(t.locationId, t.status, t.createdAt, t.id),
    index('lane_leads_updated_idx').on(t.updatedAt, t.id),
    index('lane_leads_location_updated_idx').on(t.locationId, t.updatedAt, t.id),
    index('lane_leads_name_idx').on(t.customerName, t.id),
    index('lane_leads_user_idx').on(t.laneUserId),
    storedSearchIndex('lane_leads_search_idx', t.search),
  ],
);

/** A delivery of a lane vehicle to a lead's customer, from scheduled to delivered. */
export const laneDeliveries = pgTable(
  'lane_deliveries',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => laneLeads.id),
    laneVehicleId: integer('lane_vehicle_id').references(() => laneVehicles.id, { onDelete: 'set null' }),
    /** The store that delivers: the lead's. */
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    scheduledDate: date('scheduled_date').notNull(),
    deliveredDate: date('delivered_date'),
    status: varchar('status', { length: 12 }).$type<DeliveryStatus>().notNull().default('scheduled'),
    /** Where the car goes: street, city, state and ZIP on one line. */
    address: varchar('address', { length: 300 }).notNull(),
    /**
     * The lead's customer, contact and vehicle wanted as one text, kept by triggers (migration 0043):
     * a search reads the deliveries alone, in date order, instead of looking up each one's lead.
     */
    leadSearch: text('lead_search').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One delivery per lead.
    uniqueIndex('lane_deliveries_lead_key').on(t.leadId),
    index('lane_deliveries_scheduled_idx').on(t.scheduledDate, t.id),
    index('lane_deliveries_location_scheduled_idx').on(t.locationId, t.scheduledDate, t.id),
    index('lane_deliveries_status_scheduled_idx').on(t.status, t.scheduledDate, t.id),
    index('lane_deliveries_created_idx').on(t.createdAt, t.id),
    index('lane_deliveries_vehicle_idx').on(t.laneVehicleId),
    searchIndex('lane_deliveries_search_idx', t.leadSearch),
  ],
);

/** An update the store posts on a delivery; the customer reads it on the delivery product. */
export const laneUpdates = pgTable(
  'lane_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => laneDeliveries.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    photoUrl: varchar('photo_url', { length: 300 }).notNull().default(''),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lane_updates_delivery_idx').on(t.deliveryId, t.createdAt, t.id)],
);

/** An insurance quote for a lead, asked of a carrier through the insurance provider. */
export const laneQuotes = pgTable(
  'lane_quotes',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => laneLeads.id),
    /** The lead's store, kept on the quote so the list reads its reach from one table. */
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    carrier: varchar('carrier', { length: 40 }).$type<Carrier>().notNull(),
    coverage: varchar('coverage', { length: 12 }).$type<Coverage>().notNull(),
    /** Months the policy runs: 6 or 12. */
    termMonths: smallint('term_months').notNull(),
    /** The premium for the term, in whole cents; null until the carrier answers. */
    premiumCents: bigint('premium_cents', { mode: 'number' }),
    status: varchar('status', { length: 12 }).$type<QuoteStatus>().notNull().default('requested'),
    /** The provider's reference for the request. */
    reference: varchar('reference', { length: 64 }).notNull().default(''),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The lead's customer, contact and vehicle wanted as one text, kept by triggers, as on deliveries. */
    leadSearch: text('lead_search').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lane_quotes_created_idx').on(t.createdAt, t.id),
    index('lane_quotes_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('lane_quotes_status_created_idx').on(t.status, t.createdAt, t.id),
    index('lane_quotes_lead_idx').on(t.leadId, t.createdAt, t.id),
    index('lane_quotes_reference_idx').on(t.reference),
    searchIndex('lane_quotes_search_idx', t.leadSearch),
  ],
);

export const laneUserRecords = defineRecords({
  table: laneUsers,
  type: 'laneUser',
  key: laneUsers.id,
  missing: 'That lane user does not exist.',
});
export const leadRecords = defineRecords({
  table: laneLeads,
  type: 'laneLead',
  key: laneLeads.id,
  location: laneLeads.locationId,
  missing: 'That lead does not exist.',
});
export const laneVehicleRecords = defineRecords({
  table: laneVehicles,
  type: 'laneVehicle',
  key: laneVehicles.id,
  location: laneVehicles.locationId,
  missing: 'That lane vehicle does not exist.',
});
export const deliveryRecords = defineRecords({
  table: laneDeliveries,
  type: 'laneDelivery',
  key: laneDeliveries.id,
  location: laneDeliveries.locationId,
  missing: 'That delivery does not exist.',
});
export const updateRecords = defineRecords({
  table: laneUpdates,
  type: 'laneUpdate',
  key: laneUpdates.id,
  location: laneDeliveries.locationId,
  join: { table: laneDeliveries, on: eq(laneDeliveries.id, laneUpdates.deliveryId) },
  missing: 'That update does not exist.',
});
export const quoteRecords = defineRecords({
  table: laneQuotes,
  type: 'laneQuote',
  key: laneQuotes.id,
  location: laneQuotes.locationId,
  missing: 'That insurance quote does not exist.',
});
