import { z } from 'zod';
import { optionalText } from '../../shared/fields';
import { listContract } from '../../shared/contract';
import type { ColumnSpec } from '../../shared/lists';

/** Contacts added this many days ago or since count as new in the mailing-list report. */
export const NEW_CONTACT_DAYS = 30;

/** Where a store's own mailing list is (the contacts module's screen), narrowed to the store. */
export const storeMailingListHref = (locationId: number) =>
  `/experience/contacts/mailing-list?locationId=${locationId}`;

/**
 * The mailing-list report (seed 001: "mailing-list report", marketing/mailing-list/load-list →
 * html, listCount): one row per store within reach, by region and by part of the store's name or
 * code; `listCount` counts the stores.
 */
const mailingListReportFilters = {
  region: optionalText(60),
  query: optionalText(100).meta({ title: 'Search' }),
};

export const mailingListReportColumns: ColumnSpec[] = [
  { key: 'name', label: 'Store', sortable: true },
  { key: 'region', label: 'Region', sortable: true },
  { key: 'contactCount', label: 'Contacts', format: 'number' },
  { key: 'textCount', label: 'Reached by text', format: 'number' },
  { key: 'emailCount', label: 'Reached by email', format: 'number' },
  { key: 'soldCount', label: 'Bought', format: 'number' },
  { key: 'newCount', label: `New in ${NEW_CONTACT_DAYS} days`, format: 'number' },
];

const reportRow = z.object({
  locationId: z.number().int(),
  code: z.string(),
  name: z.string(),
  region: z.string(),
  active: z.boolean(),
  contactCount: z.number().int(),
  textCount: z.number().int(),
  emailCount: z.number().int(),
  soldCount: z.number().int(),
  newCount: z.number().int(),
});
export type MailingListReportRow = z.output<typeof reportRow>;

export const loadMailingListReport = listContract({
  path: 'marketing/mailing-list/load-list',
  filters: mailingListReportFilters,
  row: reportRow,
  countKey: 'listCount',
});
