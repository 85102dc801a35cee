import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';

/**
 * A content item of the content engine (seed 001, section 3): the words of one page a store's website
 * should carry (a service page, a model page), written here, then built on the website through the
 * CMS from the SEO page builder's to-do list (docs/content.md). `locked` keeps it from being changed
 * or deleted until someone unlocks it; `published` puts it on the builder's to-do list.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    title: varchar('title', { length: 160 }).notNull(),
    description: varchar('description', { length: 320 }).notNull().default(''),
    content: text('content').notNull().default(''),
    published: boolean('published').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    serviceName: varchar('service_name', { length: 80 }).notNull().default(''),
    /** `service`, `vehicle` or `article` (contentPageTypes). */
    pageType: varchar('page_type', { length: 20 }).notNull(),
    vehicleYear: integer('vehicle_year'),
    vehicleMake: varchar('vehicle_make', { length: 40 }).notNull().default(''),
    vehicleModel: varchar('vehicle_model', { length: 60 }).notNull().default(''),
    vehicleTrim: varchar('vehicle_trim', { length: 60 }).notNull().default(''),
    /** The page's path on the store's website, such as /service/oil-change. */
    pageUrl: varchar('page_url', { length: 300 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_items_created_idx').on(t.createdAt, t.id),
    index('content_items_title_idx').on(t.title, t.id),
    index('content_items_location_created_idx').on(t.locationId, t.createdAt, t.id),
    index('content_items_published_created_idx').on(t.published, t.createdAt, t.id),
    // The builder's to-do list: a store's published items by address, matched against its built pages.
    index('content_items_location_url_idx').on(t.locationId, t.pageUrl),
    searchIndex('content_items_search_idx', t.title, t.pageUrl),
  ],
);

export const contentRecords = defineRecords({
  table: contentItems,
  type: 'contentItem',
  key: contentItems.id,
  location: contentItems.locationId,
  missing: 'That content item does not exist.',
});
