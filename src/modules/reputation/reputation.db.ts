import { sql } from 'drizzle-orm';
import {
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
import { storedSearch, storedSearchIndex } from '../../server/platform/search';

/**
 * A customer's review of a store on a review site (seed 000: the reputation manager), copied from the
 * reviews provider (docs/reputation.md): one row per review, kept once per site and site id.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The review site: reviewSources. */
    source: varchar('source', { length: 20 }).notNull(),
    externalId: varchar('external_id', { length: 80 }).notNull(),
    rating: smallint('rating').notNull(),
    author: varchar('author', { length: 120 }).notNull(),
    body: text('body').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    /** The store's public answer, when it gave one. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [reviews.author, reviews.body]),
  },
  (t) => [
    index('reviews_reviewed_idx').on(t.reviewedAt, t.id),
    index('reviews_rating_idx').on(t.rating, t.id),
    index('reviews_location_reviewed_idx').on(t.locationId, t.reviewedAt, t.id),
    index('reviews_rating_reviewed_idx').on(t.rating, t.reviewedAt, t.id),
    index('reviews_source_reviewed_idx').on(t.source, t.reviewedAt, t.id),
    index('reviews_location_rating_reviewed_idx').on(t.locationId, t.rating, t.reviewedAt, t.id),
    index('reviews_unreplied_reviewed_idx').on(t.reviewedAt, t.id).where(sql`${t.repliedAt} is null`),
    uniqueIndex('reviews_source_external_key').on(t.source, t.externalId),
    storedSearchIndex('reviews_search_idx', t.search),
  ],
);
