import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { defineRecords } from '../../server/platform/records';
import { searchIndex } from '../../server/platform/search';
import type { PageModule, Theme } from './page-builder.contract';

/**
 * A landing page of a store (seed 000, section 3 "Page builder page"): its options and its modules,
 * in order. Modules are kept with the page: they are saved, cloned and served together.
 */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    title: varchar('title', { length: 120 }).notNull(),
    /** The page's public address: /p/{slug}. */
    slug: varchar('slug', { length: 60 }).notNull(),
    description: text('description').notNull().default(''),
    theme: varchar('theme', { length: 20 }).$type<Theme>().notNull().default('light'),
    published: boolean('published').notNull().default(false),
    /** Counts saves: a save naming an older one is refused (docs/page-builder.md). */
    version: integer('version').notNull().default(1),
    modules: jsonb('modules').$type<PageModule[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('landing_pages_slug_key').on(t.slug),
    index('landing_pages_updated_idx').on(t.updatedAt, t.id),
    index('landing_pages_location_updated_idx').on(t.locationId, t.updatedAt, t.id),
    index('landing_pages_title_idx').on(t.title, t.id),
    searchIndex('landing_pages_search_idx', t.title, t.slug),
  ],
);

export const landingPageRecords = defineRecords({
  table: landingPages,
  type: 'landingPage',
  key: landingPages.id,
  location: landingPages.locationId,
  missing: 'That page does not exist.',
});
