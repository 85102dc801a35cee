import { boolean, date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { searchIndex } from '../../server/platform/search';
import { defineRecords } from '../../server/platform/records';

/** The group's staff directory, keyed by employee number (seed 001, "Employee"). */
export const employees = pgTable(
  'employees',
  {
    employeeNumber: varchar('employee_number', { length: 20 }).primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title').notNull().default(''),
    department: text('department').notNull().default(''),
    locationId: integer('location_id').references(() => locations.id),
    primaryPhone: text('primary_phone').notNull().default(''),
    email: text('email').notNull().default(''),
    hiredOn: date('hired_on'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('employees_last_name_idx').on(t.lastName, t.employeeNumber),
    index('employees_location_idx').on(t.locationId, t.lastName),
    searchIndex('employees_search_idx', t.firstName, t.lastName, t.employeeNumber, t.title, t.email),
  ],
);

export const employeeRecords = defineRecords({
  table: employees,
  type: 'employee',
  key: employees.employeeNumber,
  location: employees.locationId,
  missing: (number) => `There is no employee number ${number}.`,
});
