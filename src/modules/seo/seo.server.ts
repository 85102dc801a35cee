import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, fromDay, labelOf, matches, toDay, yesNo } from '../../server/platform/lists';
import { deleteRecord, insertRecord, loadRecord, refusingDuplicate, updateRecord } from '../../server/platform/records';
import { escapeHtml } from '../../shared/html';
import { requireLocation } from '../locations/locations.api';
import { locations } from '../locations/locations.db';
import { userName, userRecords, users } from '../users/users.db';
import { pageTypeLabels, type ContentPageType } from '../content/content.contract';
import { seoPageRecords, seoPages } from './seo.db';
import {
  addPage,
  BUILT_WITH_CMS,
  deletePage,
  editPage,
  generateLink,
  loadPage,
  loadPages,
  seoColumns,
  type SeoPageInput,
} from './seo.contract';

/** A store's address and a path on it, as one link. */
export const fullUrl = (siteUrl: string, pageUrl: string) => `${siteUrl.replace(/\/$/, '')}${pageUrl}`;
const urlOf = sql<string>`rtrim(${locations.url}, '/') || ${seoPages.pageUrl}`;
const typeLabel = labelOf(seoPages.pageType, pageTypeLabels);
const ddc = sql<0 | 1>`(case when ${seoPages.createdWithDdcApi} then 1 else 0 end)::int`;
const builtWith = sql<string>`(case when ${seoPages.createdWithDdcApi} then 'With the CMS' else 'By hand' end)`;

/** A page's address at a store is its own: a second page at the same address is refused on its field. */
export const urlTaken = (pageUrl: string) =>
  AppError.conflict(`This location already has an SEO page at ${pageUrl}.`, ['pageUrl']);

/** The store a page goes on, or the form's own mistake (a group-wide user may name any id). */
export async function storeOf(db: Db, locationId: number) {
  const [store] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!store) throw AppError.invalid('That location does not exist.', ['locationId']);
  if (!store.url)
    throw AppError.invalid('This location has no website address; add it on the location first.', ['locationId']);
  return store;
}

defineListAction({
  contract: loadPages,
  summary:
    'SEO pages within reach, newest first: by location, page type, creator, built with the CMS or not, created dates and part of the address or link text.',
  permission: 'marketing',
  reach: seoPages.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'location, a month', filters: { locationId: s.locationId, minCreatedAt: s.from, maxCreatedAt: s.to } },
    { name: 'creator', filters: { createdBy: s.userId } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 3 },
    // A search names one page (a path people remember), not a sixth of the group's.
    { name: 'search', filters: { query: 'alignment-1234' } },
  ],
  columns: seoColumns,
  sorts: { createdAt: seoPages.createdAt, pageUrl: seoPages.pageUrl },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'pageId', column: seoPages.id },
  filters: {
    locationId: equals(seoPages.locationId),
    pageType: equals(seoPages.pageType),
    createdBy: equals(seoPages.createdBy),
    createdWithDDCAPI: yesNo(seoPages.createdWithDdcApi),
    minCreatedAt: fromDay(seoPages.createdAt),
    maxCreatedAt: toDay(seoPages.createdAt),
    query: matches(seoPages.search),
  },
  query: ({ db }) => ({
    select: db
      .select({
        pageId: seoPages.id,
        pageUrl: seoPages.pageUrl,
        url: urlOf.as('url'),
        displayText: seoPages.displayText,
        pageType: seoPages.pageType,
        pageTypeLabel: typeLabel.as('page_type_label'),
        locationId: seoPages.locationId,
        locationName: locations.name,
        createdBy: seoPages.createdBy,
        createdByName: sql<string | null>`${userName}`.as('created_by_name'),
        createdWithDDCAPI: ddc.as('created_with_ddc'),
        builtWith: builtWith.as('built_with'),
        createdAt: seoPages.createdAt,
      })
      .from(seoPages)
      .innerJoin(locations, eq(locations.id, seoPages.locationId))
      .leftJoin(users, eq(users.id, seoPages.createdBy))
      .$dynamic(),
  }),
});

/** The stored columns of the form: blanks kept as '' and a missing year as null. */
export const pageColumns = (input: SeoPageInput) => ({
  locationId: input.locationId,
  pageUrl: input.pageUrl,
  displayText: input.displayText,
  serviceName: input.serviceName ?? '',
  helpful: input.helpful,
  pageType: input.pageType,
  vehicleYear: input.vehicleYear ?? null,
  vehicleMake: input.vehicleMake ?? '',
  vehicleModel: input.vehicleModel ?? '',
  vehicleTrim: input.vehicleTrim ?? '',
});

defineAction({
  contract: loadPage,
  summary: "One SEO page with its fields, its creator's name and its location's url, for the edit form.",
  permission: 'marketing',
  reach: { pageId: seoPageRecords },
  readOnly: true,
  async handler(ctx) {
    const page = await loadRecord(ctx, seoPageRecords, ctx.input.pageId);
    const [[location], [creator]] = await Promise.all([
      ctx.db
        .select({ name: locations.name, url: locations.url })
        .from(locations)
        .where(eq(locations.id, page.locationId)),
      page.createdBy ? ctx.db.select({ name: userName }).from(users).where(eq(users.id, page.createdBy)) : [],
    ]);
    return {
      page: {
        ...page,
        pageId: page.id,
        pageType: page.pageType as ContentPageType,
        createdByName: creator?.name ?? null,
        locationName: location.name,
        locationUrl: location.url,
        createdWithDDCAPI: page.createdWithDdcApi ? (1 as const) : (0 as const),
        createdAt: page.createdAt.toISOString(),
      },
    };
  },
});

defineAction({
  contract: addPage,
  summary: 'Records an SEO page made by hand on a store’s website (createdWithDDCAPI 0).',
  permission: 'marketingEditor',
  reach: {},
  async handler(ctx) {
    await requireLocation(ctx.db, ctx.input.locationId);
    const values = { ...pageColumns(ctx.input), createdBy: ctx.user.id };
    const row = await refusingDuplicate(
      () => insertRecord(ctx, seoPageRecords, values),
      () => urlTaken(ctx.input.pageUrl),
    );
    return { pageId: row.id };
  },
});

defineAction({
  contract: editPage,
  summary: "Saves an SEO page's fields; a page built with the CMS keeps its address (the website has it there).",
  permission: 'marketingEditor',
  reach: { pageId: seoPageRecords },
  async handler(ctx) {
    const { input } = ctx;
    const before = await loadRecord(ctx, seoPageRecords, input.pageId);
    if (before.createdWithDdcApi && (before.pageUrl !== input.pageUrl || before.locationId !== input.locationId))
      throw AppError.conflict('A page built with the CMS keeps its location and address; build a new page instead.', [
        'pageUrl',
      ]);
    await requireLocation(ctx.db, input.locationId);
    await refusingDuplicate(
      () => updateRecord(ctx, seoPageRecords, input.pageId, pageColumns(input)),
      () => urlTaken(input.pageUrl),
    );
    return { pageId: input.pageId };
  },
});

defineAction({
  contract: deletePage,
  summary:
    'Deletes an SEO page made by hand (the screen asks first); pages built with the CMS go through ddc-cms/delete-page.',
  permission: 'marketingEditor',
  reach: { pageId: seoPageRecords, createdBy: userRecords },
  async handler(ctx) {
    const { input } = ctx;
    const page = await loadRecord(ctx, seoPageRecords, input.pageId);
    // The old system sent the creator beside the id: a pair that does not match names no page.
    if (input.createdBy !== undefined && input.createdBy !== page.createdBy)
      throw AppError.notFound(seoPageRecords.missing);
    if (page.createdWithDdcApi) throw AppError.conflict(BUILT_WITH_CMS);
    await deleteRecord(ctx, seoPageRecords, page.id);
    return { pageId: page.id };
  },
});

defineAction({
  contract: generateLink,
  summary: "The html link to an SEO page on its store's website, to paste in another page.",
  permission: 'marketing',
  reach: {},
  readOnly: true,
  async handler({ db, input }) {
    const location = await storeOf(db, input.locationId);
    const url = fullUrl(location.url, input.pageUrl);
    return { url, html: `<a href="${escapeHtml(url)}">${escapeHtml(input.displayText)}</a>` };
  },
});
