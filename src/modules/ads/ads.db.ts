import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.db';
import { storedSearch, storedSearchIndex } from '../../server/platform/search';

/**
 * One ad's results on one day (seed 001: the Facebook ad conversion), copied from the social
 * platform's insights through the facebook provider (docs/ads.md): the ad with its campaign, ad set
 * and creative, and what it spent and earned that day at one store.
 */
export const adInsights = pgTable(
  'ad_insights',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The store's calendar day the figures cover. */
    day: date('day').notNull(),
    adId: varchar('ad_id', { length: 40 }).notNull(),
    campaignName: varchar('campaign_name', { length: 200 }).notNull(),
    adSetName: varchar('ad_set_name', { length: 200 }).notNull(),
    adName: varchar('ad_name', { length: 200 }).notNull(),
    campaignLifetimeBudgetCents: bigint('campaign_lifetime_budget_cents', { mode: 'number' }).notNull().default(0),
    creativeName: varchar('creative_name', { length: 200 }).notNull().default(''),
    creativeMessage: varchar('creative_message', { length: 2000 }).notNull().default(''),
    creativeImageUrl: varchar('creative_image_url', { length: 500 }).notNull().default(''),
    creativeLinkUrl: varchar('creative_link_url', { length: 500 }).notNull().default(''),
    spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    search: storedSearch((): AnyPgColumn[] => [adInsights.campaignName, adInsights.adName]),
  },
  (t) => [
    index('ad_insights_day_idx').on(t.day, t.id),
    index('ad_insights_spend_idx').on(t.spendCents, t.id),
    index('ad_insights_location_day_idx').on(t.locationId, t.day, t.id),
    // The report's totals read only these columns: summed from this index alone.
    index('ad_insights_totals_idx').on(t.locationId, t.day, t.spendCents, t.impressions, t.clicks),
    uniqueIndex('ad_insights_ad_day_key').on(t.adId, t.day),
    storedSearchIndex('ad_insights_search_idx', t.search),
  ],
);
