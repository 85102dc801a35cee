import { and, eq, like, sql } from 'drizzle-orm';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { defineListAction, equals, matches, yesNo } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { deleteRecord, insertRecord, loadRecord, refusingDuplicate } from '../../server/platform/records';
import { searchText } from '../../server/platform/search';
import { locationRecords, locations } from '../locations/locations.db';
import { landingPageRecords, landingPages } from './page-builder.db';
import {
  deletePage,
  loadPage,
  loadPages,
  pageColumns,
  savePage,
  type PageRecord,
  type SavePageInput,
} from './page-builder.contract';

const pageSearch = searchText(landingPages.title, landingPages.slug);

defineListAction({
  contract: loadPages,
  summary: 'Landing pages within reach, last saved first: by store, published or not, and part of a title or address.',
  permission: 'marketing',
  reach: landingPages.locationId,
  bench: (s) => [
    { name: 'last saved', filters: {} },
    { name: "last saved, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'published', filters: { published: '1' } },
    { name: 'search', filters: { query: 'spring' } },
  ],
  columns: pageColumns,
  sorts: { updatedAt: landingPages.updatedAt, title: landingPages.title },
  defaultSort: 'updatedAt',
  defaultDir: 'desc',
  id: { key: 'pageId', column: landingPages.id },
  filters: {
    locationId: equals(landingPages.locationId),
    published: yesNo(landingPages.published),
    query: matches(pageSearch),
  },
  query: ({ db }) => ({
    select: db
      .select({
        pageId: landingPages.id,
        title: landingPages.title,
        slug: landingPages.slug,
        locationId: landingPages.locationId,
        locationName: locations.name,
        published: landingPages.published,
        moduleCount: sql<number>`jsonb_array_length(${landingPages.modules})`.as('module_count'),
        updatedAt: landingPages.updatedAt,
      })
      .from(landingPages)
      .innerJoin(locations, eq(locations.id, landingPages.locationId))
      .$dynamic(),
  }),
});

defineAction({
  contract: loadPage,
  summary: 'One landing page with its options and modules, for the builder.',
  permission: 'marketing',
  reach: { pageId: landingPageRecords },
  readOnly: true,
  async handler(ctx) {
    const row = await loadRecord(ctx, landingPageRecords, ctx.input.pageId);
    const page: PageRecord = {
      pageId: row.id,
      locationId: row.locationId,
      title: row.title,
      slug: row.slug,
      description: row.description,
      theme: row.theme,
      published: row.published,
      modules: row.modules,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    };
    return { page };
  },
});

type Ctx = ActionContext<SavePageInput>;
const slugTaken = (slug: string) => AppError.conflict(`Another page already has the address ${slug}.`, ['slug']);
const pageValues = (input: SavePageInput) => ({
  locationId: input.locationId,
  title: input.title,
  slug: input.slug,
  description: input.description ?? '',
  theme: input.theme,
  published: input.published,
  modules: input.modules,
});

/** A copy's address: the one given if free, else `-copy`, `-copy-2`... (the first free one). */
async function freeSlug(ctx: Ctx, slug: string): Promise<string> {
  const base = slug.replace(/-copy(-\d+)?$/, '').slice(0, 50);
  const taken = new Set(
    (
      await ctx.db
        .select({ slug: landingPages.slug })
        .from(landingPages)
        .where(like(landingPages.slug, `${base}%`))
    ).map((r) => r.slug),
  );
  if (!taken.has(slug)) return slug;
  for (let n = 1; ; n++)
    if (!taken.has(`${base}-copy${n === 1 ? '' : `-${n}`}`)) return `${base}-copy${n === 1 ? '' : `-${n}`}`;
}

/** A new page, or a copy (clone): version 1, under a free address for a copy. */
async function addPage(ctx: Ctx) {
  const { input } = ctx;
  if (input.clone && input.pageId) await loadRecord(ctx, landingPageRecords, input.pageId);
  const slug = input.clone ? await freeSlug(ctx, input.slug) : input.slug;
  const row = await refusingDuplicate(
    () => insertRecord(ctx, landingPageRecords, { ...pageValues(input), slug, createdBy: ctx.user.id }),
    () => slugTaken(slug),
  );
  return { pageId: row.id, version: row.version, slug: row.slug };
}

/**
 * Saves over the version the builder last saw, in one conditional statement: of two saves made from
 * the same version (two windows, or a retried autosave) the second is refused, never silently lost.
 */
async function updatePage(ctx: Ctx, pageId: number) {
  const { input } = ctx;
  const before = await loadRecord(ctx, landingPageRecords, pageId);
  const version = input.version ?? before.version;
  const [after] = await refusingDuplicate(
    () =>
      ctx.db
        .update(landingPages)
        .set({ ...pageValues(input), version: sql`${landingPages.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(landingPages.id, pageId), eq(landingPages.version, version)))
        .returning(),
    () => slugTaken(input.slug),
  );
  if (!after)
    throw AppError.conflict('This page was saved elsewhere since you opened it; reload it to see the latest.');
  ctx.audit({ recordType: landingPageRecords.type, recordId: pageId, before, after });
  return { pageId, version: after.version, slug: after.slug };
}

defineAction({
  contract: savePage,
  summary:
    "Saves a landing page's options and modules (autosaved by the builder); the first save of a new page, or a clone, answers the new page's id.",
  permission: 'marketing',
  reach: { pageId: landingPageRecords },
  async handler(ctx) {
    await loadRecord(ctx, locationRecords, ctx.input.locationId);
    return ctx.input.pageId && !ctx.input.clone ? updatePage(ctx, ctx.input.pageId) : addPage(ctx);
  },
});

defineAction({
  contract: deletePage,
  summary: 'Deletes a landing page; its public address stops answering.',
  permission: 'marketing',
  reach: { pageId: landingPageRecords },
  async handler(ctx) {
    await deleteRecord(ctx, landingPageRecords, ctx.input.pageId);
    return { pageId: ctx.input.pageId };
  },
});
