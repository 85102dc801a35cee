import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';
import type { VehicleType } from './acquisition.contract';

/**
 * An acquisition vehicle (seed 000: vehicleId, vin, serviceTagNumber, vehicleType, locationId, active,
 * notes): a vehicle a store's acquisition team is bringing in, tracked by VIN and service tag until it
 * gets a stock number (docs/acquisition.md).
 */
export const acquisitionVehicles = pgTable(
  'acquisition_vehicles',
  {
    id: serial('id').primaryKey(),
    /** Normalized (upper case, no spaces or dashes) and passing the check digit. */
    vin: varchar('vin', { length: 17 }).notNull(),
    /** Blank when the vehicle did not come through the service lane (an auction purchase). */
    serviceTagNumber: varchar('service_tag_number', { length: 20 }).notNull().default(''),
    vehicleType: varchar('vehicle_type', { length: 12 }).$type<VehicleType>().notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** Still being brought in; cleared once it has a stock number or the purchase fell through. */
    active: boolean('active').notNull().default(true),
    notes: text('notes').notNull().default(''),
    /** Who added it; a user who is deleted later leaves the vehicle without one. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One vehicle under way per VIN and store: a second active one is a 409 (finished ones stay as history).
    uniqueIndex('acquisition_vehicles_active_vin_key').on(t.locationId, t.vin).where(sql`${t.active}`),
    // The list's sorts, each with the id after it; by location and by state for the filters people use most.
    index('acquisition_vehicles_created_idx').on(t.createdAt, t.id),
    index('acquisition_vehicles_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('acquisition_vehicles_active_created_idx').on(t.active, t.createdAt, t.id),
    index('acquisition_vehicles_vin_idx').on(t.vin, t.id),
    index('acquisition_vehicles_service_tag_idx').on(t.serviceTagNumber, t.id),
    // Part of a VIN (often its last six) or of a service tag.
    searchIndex('acquisition_vehicles_search_idx', t.vin, t.serviceTagNumber),
  ],
);

export const vehicleRecords = defineRecords({
  table: acquisitionVehicles,
  type: 'acquisitionVehicle',
  key: acquisitionVehicles.id,
  location: acquisitionVehicles.locationId,
  missing: 'That acquisition vehicle does not exist.',
});
