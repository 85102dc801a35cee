import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import type { ReviewsProvider } from '../../server/providers/reviews/reviews';
import { defineListAction, equals, fromDay, labelOf, matches, present, toDay } from '../../server/platform/lists';
import { requireLocation } from '../locations/locations.api';
import { locations } from '../locations/locations.db';
import { reviews } from './reputation.db';
import { FETCH_DAYS, fetchReviews, loadReviews, reviewColumns, sourceLabels } from './reputation.contract';

const sourceLabel = labelOf(reviews.source, sourceLabels);
const replyLabel = sql<string>`(case when ${reviews.repliedAt} is null then 'Not replied' else 'Replied' end)`;

defineListAction({
  contract: loadReviews,
  summary:
    'Customer reviews of the stores within reach, newest first: by location, rating, site, reviewed dates, replied or not, and part of the name or text.',
  permission: 'marketing',
  reach: reviews.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'location, a month', filters: { locationId: s.locationId, minReviewedAt: s.from, maxReviewedAt: s.to } },
    { name: 'one star', filters: { rating: '1' } },
    { name: 'location, one star', filters: { locationId: s.locationId, rating: '1' } },
    { name: 'a site', filters: { source: 'yelp' } },
    { name: 'not replied', filters: { replied: '0' } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 3 },
  ],
  columns: reviewColumns,
  sorts: { reviewedAt: reviews.reviewedAt, rating: reviews.rating },
  defaultSort: 'reviewedAt',
  defaultDir: 'desc',
  id: { key: 'reviewId', column: reviews.id },
  filters: {
    locationId: equals(reviews.locationId),
    rating: (rating) => eq(reviews.rating, Number(rating)),
    source: equals(reviews.source),
    replied: present(reviews.repliedAt),
    minReviewedAt: fromDay(reviews.reviewedAt),
    maxReviewedAt: toDay(reviews.reviewedAt),
    query: matches(reviews.search),
  },
  query: ({ db }) => ({
    select: db
      .select({
        reviewId: reviews.id,
        locationId: reviews.locationId,
        locationName: locations.name,
        source: reviews.source,
        sourceLabel: sourceLabel.as('source_label'),
        rating: reviews.rating,
        author: reviews.author,
        body: reviews.body,
        reply: reviews.reply,
        replyLabel: replyLabel.as('reply_label'),
        reviewedAt: reviews.reviewedAt,
      })
      .from(reviews)
      .innerJoin(locations, eq(locations.id, reviews.locationId))
      .$dynamic(),
  }),
});

/**
 * A store's reviews since its newest one (or the last FETCH_DAYS days), from the reviews provider;
 * one already kept (same site and site id) is left as it is.
 */
export async function fetchStoreReviews(
  db: Db,
  provider: ReviewsProvider,
  store: { id: number; code: string; name: string },
  now: Date,
): Promise<number> {
  const [newest] = await db
    .select({ at: reviews.reviewedAt })
    .from(reviews)
    .where(eq(reviews.locationId, store.id))
    .orderBy(desc(reviews.reviewedAt))
    .limit(1);
  const since = newest?.at ?? new Date(now.getTime() - FETCH_DAYS * 86_400_000);
  const found = await provider.fetchReviews(store, since, now);
  if (found.length === 0) return 0;
  const added = await db
    .insert(reviews)
    .values(found.map((r) => ({ ...r, locationId: store.id })))
    .onConflictDoNothing({ target: [reviews.source, reviews.externalId] })
    .returning({ id: reviews.id });
  return added.length;
}

defineAction({
  contract: fetchReviews,
  summary: "Fetches a store's new reviews from the review sites through the reviews provider.",
  permission: 'marketingEditor',
  reach: {},
  // The provider is asked with no transaction open; what it found is kept in one statement.
  outside: true,
  async handler(ctx) {
    await requireLocation(ctx.db, ctx.input.locationId);
    const [store] = await ctx.db.select().from(locations).where(eq(locations.id, ctx.input.locationId));
    const newReviewCount = await fetchStoreReviews(ctx.db, ctx.services.reviews, store, ctx.services.clock.now());
    return { newReviewCount };
  },
});
