import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { locations } from '../locations/locations.db';
import { defineRecords } from '../../server/platform/records';
import { storedSearch, storedSearchIndex } from '../../server/platform/search';
import type { AppointmentStatus, Device, SessionStep, TallyKind } from './service.contract';

/** Where a booking came from: the online scheduler, a phone call, a recall text… (the group's own list). */
export const serviceSources = pgTable('service_sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  active: boolean('active').notNull().default(true),
});

/**
 * A service customers book. A long service takes the bay for most of a day or more (a timing belt, a
 * transmission) and is booked through the long-service scheduler, which keeps whole bays free for it.
 */
export const serviceServices = pgTable('service_services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  longService: boolean('long_service').notNull().default(false),
  /** How long the shop plans for it. */
  hours: integer('hours').notNull().default(1),
  active: boolean('active').notNull().default(true),
});

/** A manufacturer's recall the group texts owners about (the campaign number as the maker gives it). */
export const recallCampaigns = pgTable('recall_campaigns', {
  id: serial('id').primaryKey(),
  campaign: varchar('campaign', { length: 20 }).notNull().unique(),
  name: text('name').notNull(),
  make: text('make').notNull(),
  startedOn: date('started_on', { mode: 'string' }).notNull(),
});

/**
 * A service appointment: who, which vehicle, where, from which source, the services asked for, when it
 * was booked and for when, and what became of it. A recall appointment names its campaign.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    customerName: text('customer_name').notNull(),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    vehicle: text('vehicle').notNull().default(''),
    sourceId: integer('source_id')
      .notNull()
      .references(() => serviceSources.id),
    /** The services requested, in the order the customer chose them: at least one (a diagnosis is one). */
    serviceIds: integer('service_ids').array().notNull(),
    recallCampaignId: integer('recall_campaign_id').references(() => recallCampaigns.id),
    status: varchar('status', { length: 10 }).$type<AppointmentStatus>().notNull().default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [appointments.customerName, appointments.phone, appointments.vehicle]),
  },
  (t) => [
    index('appointments_created_idx').on(t.createdAt, t.id),
    index('appointments_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('appointments_scheduled_idx').on(t.scheduledAt, t.id),
    index('appointments_location_scheduled_idx').on(t.locationId, t.scheduledAt, t.id),
    // The filters a manager reads most: no-shows and recall appointments, newest first.
    index('appointments_status_created_idx').on(t.status, t.createdAt, t.id),
    index('appointments_recall_created_idx').on(t.createdAt, t.id).where(sql`${t.recallCampaignId} is not null`),
    index('appointments_location_recall_created_idx')
      .on(t.locationId, t.createdAt, t.id)
      .where(sql`${t.recallCampaignId} is not null`),
    storedSearchIndex('appointments_search_idx', t.search),
    check('appointments_services_requested', sql`cardinality(${t.serviceIds}) > 0`),
  ],
);

/** One appointment, read on its own page within the reader's reach (service/load-appointment). */
export const appointmentRecords = defineRecords({
  table: appointments,
  type: 'appointment',
  key: appointments.id,
  location: appointments.locationId,
  missing: 'That appointment does not exist.',
});

/** A text sent to an owner about a recall, and which store sent it. */
export const recallMessages = pgTable(
  'recall_messages',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => recallCampaigns.id),
    phone: varchar('phone', { length: 20 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recall_messages_location_sent_idx').on(t.locationId, t.sentAt)],
);

/**
 * A visit to the online scheduler (seed 002): when, on which device and from where, how far the
 * customer got, and the appointment it made if they finished.
 */
export const schedulerSessions = pgTable(
  'scheduler_sessions',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    device: varchar('device', { length: 10 }).$type<Device>().notNull(),
    referrer: text('referrer').notNull().default(''),
    lastStep: varchar('last_step', { length: 10 }).$type<SessionStep>().notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('scheduler_sessions_started_idx').on(t.startedAt, t.id),
    index('scheduler_sessions_location_started_idx').on(t.locationId, t.startedAt, t.id),
  ],
);

/**
 * The appointment reports' counts, kept by triggers on `appointments` and `recall_messages` in the
 * transaction that changes them (drizzle/0021_service_appointments.sql; docs/service.md): per store
 * and booking day (grain 'd') and per store and month ('m'), and the same for the whole group
 * (location 0, read only by users who reach it all); once for the store itself ('location', key 0)
 * and once for each source, service and recall campaign an appointment names. A report reads whole
 * months from the month rows and the days at either end from the day rows.
 */
export const appointmentTallies = pgTable(
  'appointment_tallies',
  {
    kind: varchar('kind', { length: 8 }).$type<TallyKind>().notNull(),
    grain: char('grain', { length: 1 }).$type<'d' | 'm'>().notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    locationId: integer('location_id').notNull(),
    keyId: integer('key_id').notNull(),
    appointments: integer('appointments').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    noShows: integer('no_shows').notNull().default(0),
    canceled: integer('canceled').notNull().default(0),
    recall: integer('recall').notNull().default(0),
    /** Days between booking and the appointment: their sum, and how many fell in each span. */
    daysOut: integer('days_out').notNull().default(0),
    sameDay: integer('same_day').notNull().default(0),
    days1to2: integer('days_1_2').notNull().default(0),
    days3to7: integer('days_3_7').notNull().default(0),
    days8to14: integer('days_8_14').notNull().default(0),
    days15Plus: integer('days_15_plus').notNull().default(0),
    /** Recall texts sent (kind 'campaign'). */
    messages: integer('messages').notNull().default(0),
  },
  // Store before day: a report reads one store's (or the group's) days, or a dozen stores' for a region.
  (t) => [primaryKey({ columns: [t.kind, t.locationId, t.grain, t.period, t.keyId] })],
);
