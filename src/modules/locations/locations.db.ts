import { boolean, index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { defineRecords } from '../../server/platform/records';

/** The shared entity every tool filters by (seed 001, section 3). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 8 }).notNull().unique(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    region: text('region').notNull().default(''),
    dealership: text('dealership').notNull().default(''),
    collision: boolean('collision').notNull().default(false),
    collisionOnly: boolean('collision_only').notNull().default(false),
    url: text('url').notNull().default(''),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: varchar('state', { length: 2 }).notNull().default(''),
    zip: varchar('zip', { length: 10 }).notNull().default(''),
    timeZone: text('time_zone').notNull().default('America/Denver'),
    serviceActive: boolean('service_active').notNull().default(true),
    servicePhone: text('service_phone').notNull().default(''),
    serviceEmail: text('service_email').notNull().default(''),
    serviceUrl: text('service_url').notNull().default(''),
    serviceHours: text('service_hours').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_name_idx').on(t.name, t.id), index('locations_region_idx').on(t.region, t.id)],
);

/** A location reaches itself. */
export const locationRecords = defineRecords({
  table: locations,
  type: 'location',
  key: locations.id,
  location: locations.id,
  missing: 'That location does not exist.',
});
