import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { storedSearch, storedSearchIndex } from '../../server/platform/search';

/**
 * An SEO page on a store's website (seed 002, section 3): its address, the link text, what it is
 * about, who made it and whether it was built through the website's CMS (`createdWithDdcApi`, with the
 * CMS's own id). One address per store (docs/seo.md).
 */
export const seoPages = pgTable(
  'seo_pages',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    pageUrl: varchar('page_url', { length: 300 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    displayText: varchar('display_text', { length: 160 }).notNull(),
    serviceName: varchar('service_name', { length: 80 }).notNull().default(''),
    /** Marked by the marketing team when the page brings visits (seed 002's `helpful`). */
    helpful: boolean('helpful').notNull().default(false),
    pageType: varchar('page_type', { length: 20 }).notNull(),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: varchar('vehicle_make', { length: 40 }).notNull().default(''),
    vehicleModel: varchar('vehicle_model', { length: 60 }).notNull().default(''),
    vehicleTrim: varchar('vehicle_trim', { length: 60 }).notNull().default(''),
    createdWithDdcApi: boolean('created_with_ddc_api').notNull().default(false),
    /** The CMS's id of a page built through it; its preview address. */
    cmsPageId: varchar('cms_page_id', { length: 80 }),
    previewUrl: varchar('preview_url', { length: 400 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [seoPages.pageUrl, seoPages.displayText]),
  },
  (t) => [
    index('seo_pages_created_idx').on(t.createdAt, t.id),
    // The planner counts a range of days by store and creator from this index alone.
    index('seo_pages_planner_idx').on(t.createdAt, t.locationId, t.createdBy),
    index('seo_pages_url_idx').on(t.pageUrl, t.id),
    index('seo_pages_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('seo_pages_creator_created_idx').on(t.createdBy, t.createdAt, t.id),
    uniqueIndex('seo_pages_location_url_key').on(t.locationId, t.pageUrl),
    storedSearchIndex('seo_pages_search_idx', t.search),
  ],
);

/**
 * SEO pages made per store and day of the group's clock, kept by statement triggers on `seo_pages`
 * (migration 0055): the planner's year of every store reads 22,000 of these instead of counting
 * 200,000 pages on every load. Its team member's and the caller's own counts come from the pages'
 * creator index, a few hundred rows.
 */
export const seoPageDays = pgTable(
  'seo_page_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    locationId: integer('location_id').notNull(),
    pages: integer('pages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.locationId] })],
);

export const seoPageRecords = defineRecords({
  table: seoPages,
  type: 'seoPage',
  key: seoPages.id,
  location: seoPages.locationId,
  missing: 'That SEO page does not exist.',
});
