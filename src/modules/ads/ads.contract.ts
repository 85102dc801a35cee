import { z } from 'zod';
import { defineContract, listContract } from '../../shared/contract';
import { id, optionalDate, optionalId, optionalText } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';

export const adFilters = {
  query: optionalText(80).meta({ title: 'Search' }),
  locationId: optionalId,
  minDay: optionalDate.meta({ title: 'From' }),
  maxDay: optionalDate.meta({ title: 'To' }),
};

export const adColumns: ColumnSpec[] = [
  { key: 'day', label: 'Day', sortable: true, format: 'date' },
  { key: 'campaignName', label: 'Campaign' },
  { key: 'adSetName', label: 'Ad set' },
  { key: 'adName', label: 'Ad' },
  { key: 'locationName', label: 'Location' },
  { key: 'spend', label: 'Spend' },
  { key: 'impressions', label: 'Impressions', format: 'number' },
  { key: 'clicks', label: 'Clicks', format: 'number' },
  { key: 'conversions', label: 'Conversions', format: 'number' },
];

const adRow = z.object({
  adInsightId: z.number().int(),
  day: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  adId: z.string(),
  campaignName: z.string(),
  adSetName: z.string(),
  adName: z.string(),
  campaignLifetimeBudget: z.string(),
  creativeName: z.string(),
  creativeMessage: z.string(),
  creativeImageUrl: z.string(),
  creativeLinkUrl: z.string(),
  spend: z.string(),
  spendCents: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  conversions: z.number().int(),
});
export type AdRow = z.output<typeof adRow>;

/**
 * Seed 001: load-ads takes filters and answers html, adCountFormatted, spend, impressions, clicks and
 * cpc (the totals of every row the filters match, money as dollars).
 */
export const loadAds = listContract({
  path: 'marketing/facebook/load-ads',
  filters: adFilters,
  row: adRow,
  countKey: 'adCountFormatted',
});

/** The totals per day for the chart over time (designed: docs/ads.md), the list's filters. */
export const loadAdDays = defineContract({
  path: 'marketing/facebook/load-ad-days',
  input: z.object(adFilters),
  output: z.object({
    days: z.array(
      z.object({
        day: z.string(),
        spendCents: z.number().int(),
        clicks: z.number().int(),
        conversions: z.number().int(),
      }),
    ),
  }),
});

/** Days a first fetch for a store reaches back. */
export const AD_FETCH_DAYS = 30;
/** Copies a store's ad results from the social platform up to yesterday (designed: docs/ads.md). */
export const fetchAds = defineContract({
  path: 'marketing/facebook/fetch-ads',
  input: z.object({ locationId: id }),
  output: z.object({ newRowCount: z.number().int() }),
});
