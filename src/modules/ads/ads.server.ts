import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { addDays, dayIn } from '../../server/platform/days';
import { defineListAction, givenFilters, matches, type ListFilters } from '../../server/platform/lists';
import { withinReach } from '../../server/platform/reach';
import type { FacebookProvider } from '../../server/providers/facebook/facebook';
import { requireLocation } from '../locations/locations.api';
import { locations } from '../locations/locations.db';
import { adInsights } from './ads.db';
import { AD_FETCH_DAYS, adColumns, adFilters, fetchAds, loadAdDays, loadAds } from './ads.contract';

const dollars = (cents: unknown) => sql<string>`to_char((${cents})::numeric / 100, 'FM$999,999,990.00')`;

/** The filters' conditions, shared by the page, its totals and the chart. */
const filters: ListFilters<typeof adFilters> = {
  locationId: (id) => eq(adInsights.locationId, id),
  minDay: (day) => sql`${adInsights.day} >= ${day}`,
  maxDay: (day) => sql`${adInsights.day} <= ${day}`,
  query: matches(adInsights.search),
};
/** Reach and the filters given, as one condition (true when there are none). */
const conditions = (input: Record<string, unknown>, user: Parameters<typeof givenFilters>[1]['user']) =>
  and(withinReach(user.reach, adInsights.locationId), ...givenFilters(filters, { input, user })) ?? sql`true`;

/** The report's totals over some rows: money as dollars with cents, as the spec's reply names it; cost per click 0 without clicks. */
const totals = (spendCents: SQL | AnyPgColumn, impressions: SQL | AnyPgColumn, clicks: SQL | AnyPgColumn) =>
  sql<Record<string, number>>`json_build_object(
      'spend', coalesce(sum(${spendCents}), 0) / 100.0,
      'impressions', coalesce(sum(${impressions}), 0),
      'clicks', coalesce(sum(${clicks}), 0),
      'cpc', coalesce(round(sum(${spendCents}) / 100.0 / nullif(sum(${clicks}), 0), 2), 0))`;

defineListAction({
  contract: loadAds,
  summary:
    'Facebook ad results per ad and day within reach, newest first: by location, days and part of the campaign or ad name; with the totals spend, impressions, clicks and cost per click.',
  permission: 'marketing',
  reach: adInsights.locationId,
  bench: (s) => [
    // The screen asks for the last 30 days unless the dates are cleared (docs/ads.md).
    { name: '30 days', filters: { minDay: s.from, maxDay: s.to } },
    { name: "30 days, a region's user", filters: { minDay: s.from, maxDay: s.to }, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'location, a month', filters: { locationId: s.locationId, minDay: s.from, maxDay: s.to } },
    // A campaign people look for by name: one store's.
    { name: 'search', filters: { query: 'new inventory 12', minDay: s.from, maxDay: s.to } },
  ],
  columns: adColumns,
  sorts: { day: adInsights.day, spendCents: adInsights.spendCents },
  defaultSort: 'day',
  defaultDir: 'desc',
  id: { key: 'adInsightId', column: adInsights.id },
  // The totals of every row the filters match, in one read of the narrow totals index; a first page
  // that holds every row (a search for one campaign) totals itself instead.
  figures: ({ input, user }) =>
    sql<Record<string, number>>`(select ${totals(adInsights.spendCents, adInsights.impressions, adInsights.clicks)}
    from ${adInsights} where ${conditions(input as Record<string, unknown>, user)})`,
  pageFigures: (field) => totals(field('spendCents'), field('impressions'), field('clicks')),
  filters,
  query: ({ db }) => ({
    select: db
      .select({
        adInsightId: adInsights.id,
        day: adInsights.day,
        locationId: adInsights.locationId,
        locationName: locations.name,
        adId: adInsights.adId,
        campaignName: adInsights.campaignName,
        adSetName: adInsights.adSetName,
        adName: adInsights.adName,
        campaignLifetimeBudget: dollars(adInsights.campaignLifetimeBudgetCents).as('campaign_lifetime_budget'),
        creativeName: adInsights.creativeName,
        creativeMessage: adInsights.creativeMessage,
        creativeImageUrl: adInsights.creativeImageUrl,
        creativeLinkUrl: adInsights.creativeLinkUrl,
        spend: dollars(adInsights.spendCents).as('spend'),
        spendCents: adInsights.spendCents,
        impressions: adInsights.impressions,
        clicks: adInsights.clicks,
        conversions: adInsights.conversions,
      })
      .from(adInsights)
      .innerJoin(locations, eq(locations.id, adInsights.locationId))
      .$dynamic(),
  }),
});

defineAction({
  contract: loadAdDays,
  summary: "The ad results' totals per day for the filters (the report's chart over time).",
  permission: 'marketing',
  reach: 'query',
  readOnly: true,
  bench: (s) => [
    { name: 'location, a month', input: { locationId: s.locationId, minDay: s.from, maxDay: s.to }, p95Ms: 50 },
    { name: 'all, a month', input: { minDay: s.from, maxDay: s.to }, p95Ms: 300 },
  ],
  async handler({ db, input, user }) {
    const rows = await db
      .select({
        day: adInsights.day,
        spendCents: sql<number>`sum(${adInsights.spendCents})::bigint`.mapWith(Number),
        clicks: sql<number>`sum(${adInsights.clicks})::int`,
        conversions: sql<number>`sum(${adInsights.conversions})::int`,
      })
      .from(adInsights)
      .where(conditions(input, user))
      .groupBy(adInsights.day)
      .orderBy(desc(adInsights.day))
      .limit(366);
    return { days: rows.reverse() };
  },
});

/** A store's ad results from the day after its newest kept (or AD_FETCH_DAYS back) to yesterday. */
export async function fetchStoreAds(
  db: Db,
  facebook: FacebookProvider,
  store: typeof locations.$inferSelect,
  now: Date,
): Promise<number> {
  const yesterday = addDays(dayIn(store.timeZone, now), -1);
  const [newest] = await db
    .select({ day: adInsights.day })
    .from(adInsights)
    .where(eq(adInsights.locationId, store.id))
    .orderBy(desc(adInsights.day))
    .limit(1);
  const since = newest ? addDays(newest.day, 1) : addDays(yesterday, -AD_FETCH_DAYS + 1);
  if (since > yesterday) return 0;
  const rows = await facebook.adInsights(store, since, yesterday);
  if (rows.length === 0) return 0;
  const added = await db
    .insert(adInsights)
    .values(rows.map((r) => ({ ...r, locationId: store.id })))
    .onConflictDoNothing({ target: [adInsights.adId, adInsights.day] })
    .returning({ id: adInsights.id });
  return added.length;
}

defineAction({
  contract: fetchAds,
  summary: "Copies a store's Facebook ad results up to yesterday from the social platform.",
  permission: 'marketingEditor',
  reach: {},
  // The platform is asked with no transaction open; what it answered is kept in one statement.
  outside: true,
  async handler(ctx) {
    await requireLocation(ctx.db, ctx.input.locationId);
    const [store] = await ctx.db.select().from(locations).where(eq(locations.id, ctx.input.locationId));
    const newRowCount = await fetchStoreAds(ctx.db, ctx.services.facebook, store, ctx.services.clock.now());
    return { newRowCount };
  },
});
