import { index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { defineRecords } from '../../server/platform/records';

/** A job code and the permission flags everyone holding it gets (seed 002, "sandbox access"). */
export const jobCodes = pgTable(
  'job_codes',
  {
    jobCode: varchar('job_code', { length: 20 }).primaryKey(),
    longName: text('long_name').notNull(),
    flags: text('flags').array().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_codes_long_name_idx').on(t.longName, t.jobCode)],
);

export const jobCodeRecords = defineRecords({
  table: jobCodes,
  type: 'jobCode',
  key: jobCodes.jobCode,
  missing: (code) => `There is no job code ${code}.`,
});
