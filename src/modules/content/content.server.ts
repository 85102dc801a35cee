import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, labelOf, matches, yesNo } from '../../server/platform/lists';
import { withinReach } from '../../server/platform/reach';
import { deleteRecord, insertRecord, loadRecord, updateRecord } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { requireLocation, unknownShortcodes } from '../locations/locations.api';
import { compilePage } from './content.api';
import { locations } from '../locations/locations.db';
import { contentItems, contentRecords } from './content.db';
import {
  addItem,
  COMPILE_LIMIT,
  compileItems,
  CONTENT_LOCKED,
  contentColumns,
  deleteItem,
  loadItem,
  loadItems,
  pageTypeLabels,
  saveItem,
  type ContentPageType,
} from './content.contract';

const contentSearch = searchText(contentItems.title, contentItems.pageUrl);
const typeLabel = labelOf(contentItems.pageType, pageTypeLabels);
const status = sql<string>`(case when ${contentItems.published} then 'Published' else 'Draft' end) || (case when ${contentItems.locked} then ', locked' else '' end)`;

defineListAction({
  contract: loadItems,
  summary:
    'Content items within reach, newest first: by location, page type, published or not, and part of the title or address.',
  permission: 'marketing',
  reach: contentItems.locationId,
  bench: (s) => [
    { name: 'newest', filters: {} },
    { name: "newest, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'published', filters: { published: '1' } },
    { name: 'location, deep pages', filters: { locationId: s.locationId }, depth: 3 },
    { name: 'search', filters: { query: 'brake' } },
  ],
  columns: contentColumns,
  sorts: { createdAt: contentItems.createdAt, title: contentItems.title },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'contentId', column: contentItems.id },
  filters: {
    locationId: equals(contentItems.locationId),
    pageType: equals(contentItems.pageType),
    published: yesNo(contentItems.published),
    query: matches(contentSearch),
  },
  query: ({ db }) => ({
    select: db
      .select({
        contentId: contentItems.id,
        locationId: contentItems.locationId,
        locationName: locations.name,
        title: contentItems.title,
        pageUrl: contentItems.pageUrl,
        pageType: contentItems.pageType,
        pageTypeLabel: typeLabel.as('page_type_label'),
        published: contentItems.published,
        locked: contentItems.locked,
        status: status.as('status'),
        updatedAt: contentItems.updatedAt,
        createdAt: contentItems.createdAt,
      })
      .from(contentItems)
      .innerJoin(locations, eq(locations.id, contentItems.locationId))
      .$dynamic(),
  }),
});

type PageInput = z.infer<typeof addItem.input>;

/** The stored columns of a page's fields: blanks kept as '' and a missing year as null. */
const columnsOf = (input: PageInput) => ({
  locationId: input.locationId,
  title: input.title,
  description: input.description ?? '',
  content: input.content,
  serviceName: input.serviceName ?? '',
  pageType: input.pageType,
  vehicleYear: input.vehicleYear ?? null,
  vehicleMake: input.vehicleMake ?? '',
  vehicleModel: input.vehicleModel ?? '',
  vehicleTrim: input.vehicleTrim ?? '',
  pageUrl: input.pageUrl,
});

defineAction({
  contract: loadItem,
  summary: 'One content item with all its fields, for the edit form.',
  permission: 'marketing',
  reach: { contentId: contentRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, contentRecords, ctx.input.contentId);
    return { item: { ...row, contentId: row.id, pageType: row.pageType as ContentPageType } };
  },
});

defineAction({
  contract: addItem,
  summary: 'Adds a content item (a draft, unlocked) at a location.',
  permission: 'marketingEditor',
  reach: {},
  async handler(ctx) {
    await requireLocation(ctx.db, ctx.input.locationId);
    const row = await insertRecord(ctx, contentRecords, { ...columnsOf(ctx.input), createdBy: ctx.user.id });
    return { contentId: row.id };
  },
});

defineAction({
  contract: saveItem,
  summary:
    'Saves a content item with published and locked; a locked item changes only to be unlocked (or its publication).',
  permission: 'marketingEditor',
  reach: { contentId: contentRecords },
  async handler(ctx) {
    const { input } = ctx;
    const before = await loadRecord(ctx, contentRecords, input.contentId);
    const words = columnsOf(input);
    const changed = Object.entries(words).some(([k, v]) => before[k as keyof typeof words] !== v);
    // Locked keeps the words as they are: saving the words of a locked item that stays locked is refused.
    if (before.locked && input.locked && changed) throw AppError.conflict(CONTENT_LOCKED, ['locked']);
    await requireLocation(ctx.db, input.locationId);
    await updateRecord(ctx, contentRecords, input.contentId, {
      ...words,
      published: input.published,
      locked: input.locked,
    });
    return { contentId: input.contentId };
  },
});

defineAction({
  contract: deleteItem,
  summary: 'Deletes a content item (the screen asks first); a locked one is refused.',
  permission: 'marketingEditor',
  reach: { contentId: contentRecords },
  async handler(ctx) {
    const before = await loadRecord(ctx, contentRecords, ctx.input.contentId);
    if (before.locked) throw AppError.conflict(CONTENT_LOCKED);
    await deleteRecord(ctx, contentRecords, before.id);
    return { contentId: before.id };
  },
});

defineAction({
  contract: compileItems,
  summary: "Compiles content items into the pages the website receives: the store's shortcodes filled in, as html.",
  permission: 'marketing',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const rows = await db
      .select({ item: contentItems, location: locations })
      .from(contentItems)
      .innerJoin(locations, eq(locations.id, contentItems.locationId))
      .where(
        and(
          withinReach(user.reach, contentItems.locationId),
          input.locationId === undefined ? undefined : eq(contentItems.locationId, input.locationId),
          input.pageType === undefined ? undefined : eq(contentItems.pageType, input.pageType),
          input.published === undefined ? undefined : eq(contentItems.published, input.published === '1'),
        ),
      )
      .orderBy(asc(locations.name), desc(contentItems.createdAt), desc(contentItems.id))
      .limit(COMPILE_LIMIT);
    const pages = rows.map(({ item, location }) => {
      const page = compilePage(item, location);
      return {
        contentId: item.id,
        title: page.title,
        locationName: location.name,
        url: `${location.url.replace(/\/$/, '')}${item.pageUrl}`,
        html: page.html,
        unknownShortcodes: unknownShortcodes(`${item.title} ${item.description} ${item.content}`),
      };
    });
    return { pageCount: pages.length, pages };
  },
});
