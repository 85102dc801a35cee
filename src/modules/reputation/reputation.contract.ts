import { z } from 'zod';
import { defineContract, listContract } from '../../shared/contract';
import { id, optionalChoice, optionalDate, optionalId, optionalText, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';

/** The review sites the group watches (docs/reputation.md). */
export const reviewSources = ['google', 'facebook', 'yelp', 'dealerrater', 'cars.com'] as const;
export const sourceLabels: Record<(typeof reviewSources)[number], string> = {
  google: 'Google',
  facebook: 'Facebook',
  yelp: 'Yelp',
  dealerrater: 'DealerRater',
  'cars.com': 'Cars.com',
};
export const ratings = ['1', '2', '3', '4', '5'] as const;

export const reviewFilters = {
  query: optionalText(80).meta({ title: 'Search' }),
  locationId: optionalId,
  rating: optionalChoice(ratings, 'must be 1 to 5 stars').meta({ title: 'Rating' }),
  source: optionalChoice(reviewSources).meta({ title: 'Site' }),
  replied: yesNo.meta({ title: 'Replied' }),
  minReviewedAt: optionalDate.meta({ title: 'Reviewed from' }),
  maxReviewedAt: optionalDate.meta({ title: 'Reviewed to' }),
};

export const reviewColumns: ColumnSpec[] = [
  { key: 'reviewedAt', label: 'Reviewed', sortable: true, format: 'datetime' },
  { key: 'rating', label: 'Rating', sortable: true, format: 'number' },
  { key: 'author', label: 'Customer' },
  { key: 'body', label: 'Review' },
  { key: 'sourceLabel', label: 'Site' },
  { key: 'locationName', label: 'Location' },
  { key: 'replyLabel', label: 'Reply' },
];

const reviewRow = z.object({
  reviewId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  source: z.string(),
  sourceLabel: z.string(),
  rating: z.number().int(),
  author: z.string(),
  body: z.string(),
  reply: z.string().nullable(),
  replyLabel: z.string(),
  reviewedAt: z.string(),
});
export type ReviewRow = z.output<typeof reviewRow>;

/** Seed 000: load-reviews takes the search form and answers reviewCount and html. */
export const loadReviews = listContract({
  path: 'marketing/reputation/load-reviews',
  filters: reviewFilters,
  row: reviewRow,
  countKey: 'reviewCount',
});

/** Days a first fetch for a store reaches back. */
export const FETCH_DAYS = 90;
/** Fetches a store's new reviews from the review sites (designed: docs/reputation.md). */
export const fetchReviews = defineContract({
  path: 'marketing/reputation/fetch-reviews',
  input: z.object({ locationId: id }),
  output: z.object({ newReviewCount: z.number().int() }),
});
