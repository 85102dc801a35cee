import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';
import type { QuestionAnswer } from './questionnaire.contract';

/**
 * A vehicle questionnaire (seed 002: questionnaireId, locationId, firstName, lastName, vehicleVin,
 * vehicleYear, vehicleMake, vehicleModel, vehicleTrim, email, phone, createdAt, comments, questions):
 * a lead. A customer told a store about the vehicle they want to sell or trade by answering its
 * questions; the store's appraisers call them back with an offer (docs/questionnaire.md).
 */
export const questionnaires = pgTable(
  'vehicle_questionnaires',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Upper case; blank when the customer did not give it. */
    vehicleVin: varchar('vehicle_vin', { length: 17 }).notNull().default(''),
    vehicleYear: smallint('vehicle_year').notNull(),
    vehicleMake: text('vehicle_make').notNull(),
    vehicleModel: text('vehicle_model').notNull(),
    vehicleTrim: text('vehicle_trim').notNull().default(''),
    email: text('email').notNull().default(''),
    /** E.164 (+15055550142), or blank. */
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    comments: text('comments').notNull().default(''),
    /** The questions as asked and their answers, in the order asked. */
    questions: jsonb('questions').$type<QuestionAnswer[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The report's sorts, each with the id after it, and by store (the filter used most), newest first.
    index('vehicle_questionnaires_created_idx').on(t.createdAt, t.id),
    index('vehicle_questionnaires_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('vehicle_questionnaires_last_name_idx').on(t.lastName, t.id),
    // One vehicle's records by VIN (the vehicle page, docs/vehicles.md).
    index('vehicle_questionnaires_vin_idx').on(t.vehicleVin, t.id).where(sql`${t.vehicleVin} <> ''`),
    searchIndex('vehicle_questionnaires_search_idx', t.firstName, t.lastName, t.email, t.phone, t.vehicleVin),
  ],
);

export const questionnaireRecords = defineRecords({
  table: questionnaires,
  type: 'questionnaire',
  key: questionnaires.id,
  location: questionnaires.locationId,
  missing: 'That questionnaire does not exist.',
});
