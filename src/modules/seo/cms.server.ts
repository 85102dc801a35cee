import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { withinReach } from '../../server/platform/reach';
import { deleteRecord, insertRecord, loadRecord, refusingDuplicate, updateRecord } from '../../server/platform/records';
import type { CmsPage } from '../../server/providers/cms/cms';
import { locations } from '../locations/locations.db';
import { userRecords } from '../users/users.db';
import { compilePage } from '../content/content.api';
import { seoPageRecords, seoPages } from './seo.db';
import { storeOf, urlTaken } from './seo.server';
import {
  buildPage,
  deleteCmsPage,
  NOT_BUILT_WITH_CMS,
  NOT_EDITED_WITH_CMS,
  renderLocationCache,
  updatePage,
} from './seo.contract';

type PageFields = z.infer<typeof buildPage.input>;

/** The page as the CMS takes it, and the SEO page's columns that describe it. */
function cmsPageOf(input: PageFields, store: typeof locations.$inferSelect) {
  const words = compilePage(input, store);
  const page: CmsPage = {
    pageUrl: input.pageUrl,
    title: words.title,
    description: words.description,
    html: words.html,
    pageType: input.pageType,
    serviceName: input.serviceName ?? '',
    vehicle: {
      year: input.vehicleYear ?? null,
      make: input.vehicleMake ?? '',
      model: input.vehicleModel ?? '',
      trim: input.vehicleTrim ?? '',
    },
    store: { code: store.code, name: store.name, url: store.url },
  };
  const columns = {
    displayText: words.title.slice(0, 160),
    serviceName: page.serviceName,
    pageType: input.pageType,
    vehicleYear: page.vehicle.year,
    vehicleMake: page.vehicle.make,
    vehicleModel: page.vehicle.model,
    vehicleTrim: page.vehicle.trim,
  };
  return { page, columns };
}

defineAction({
  contract: buildPage,
  summary:
    "Builds a page on the store's website through the CMS and records it as an SEO page built with the CMS (createdWithDDCAPI 1).",
  permission: 'seoPlannerCreate',
  reach: {},
  outside: true,
  async handler(ctx) {
    const { input } = ctx;
    const store = await storeOf(ctx.db, input.locationId);
    // Refused before the CMS is asked, so the website gets no page the list would not show.
    const [clash] = await ctx.db
      .select({ id: seoPages.id })
      .from(seoPages)
      .where(and(eq(seoPages.locationId, store.id), eq(seoPages.pageUrl, input.pageUrl)));
    if (clash) throw urlTaken(input.pageUrl);
    const { page, columns } = cmsPageOf(input, store);
    const built = await ctx.services.cms.createPage(ctx.db, page);
    const row = await refusingDuplicate(
      () =>
        ctx.change((c) =>
          insertRecord(c, seoPageRecords, {
            ...columns,
            locationId: store.id,
            pageUrl: input.pageUrl,
            createdBy: ctx.user.id,
            createdWithDdcApi: true,
            cmsPageId: built.cmsPageId,
            previewUrl: built.previewUrl,
          }),
        ),
      () => urlTaken(input.pageUrl),
    );
    return { pageId: row.id, previewUrl: built.previewUrl };
  },
});

defineAction({
  contract: updatePage,
  summary: "Sends new words for the page a store's website has at pageUrl through the CMS, and updates its SEO page.",
  permission: 'seoPlannerCreate',
  reach: {},
  outside: true,
  async handler(ctx) {
    const { input } = ctx;
    const store = await storeOf(ctx.db, input.locationId);
    const [found] = await ctx.db
      .select()
      .from(seoPages)
      .where(
        and(
          eq(seoPages.locationId, store.id),
          eq(seoPages.pageUrl, input.pageUrl),
          withinReach(ctx.user.reach, seoPages.locationId),
        ),
      );
    if (!found) throw AppError.notFound(`This location has no SEO page at ${input.pageUrl}.`);
    if (!found.createdWithDdcApi || !found.cmsPageId) throw AppError.conflict(NOT_EDITED_WITH_CMS);
    const { page, columns } = cmsPageOf(input, store);
    const { previewUrl } = await ctx.services.cms.updatePage(ctx.db, found.cmsPageId, page);
    await ctx.change((c) => updateRecord(c, seoPageRecords, found.id, { ...columns, previewUrl }));
    return { pageId: found.id, previewUrl };
  },
});

defineAction({
  contract: deleteCmsPage,
  summary:
    "Deletes a page built with the CMS from the store's website and its SEO page; pageUrl, locationId and createdBy must be the page's.",
  permission: 'marketingEditor',
  reach: { pageId: seoPageRecords, createdBy: userRecords },
  outside: true,
  async handler(ctx) {
    const { input } = ctx;
    const page = await loadRecord(ctx, seoPageRecords, input.pageId);
    const matches =
      page.pageUrl === input.pageUrl &&
      page.locationId === input.locationId &&
      (input.createdBy === undefined || input.createdBy === page.createdBy);
    if (!matches) throw AppError.notFound(seoPageRecords.missing);
    if (!page.createdWithDdcApi || !page.cmsPageId) throw AppError.conflict(NOT_BUILT_WITH_CMS);
    await ctx.services.cms.deletePage(ctx.db, page.cmsPageId);
    await ctx.change((c) => deleteRecord(c, seoPageRecords, page.id));
    return { pageId: page.id };
  },
});

defineAction({
  contract: renderLocationCache,
  summary: "Asks the website's pages service to re-render a store's pages (seed 001's location cache render call).",
  permission: 'marketingEditor',
  reach: {},
  outside: true,
  async handler(ctx) {
    const store = await storeOf(ctx.db, ctx.input.locationId);
    return ctx.services.cms.renderLocation(ctx.db, { code: store.code, name: store.name, url: store.url });
  },
});
