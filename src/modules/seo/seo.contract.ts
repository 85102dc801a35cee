import { z } from 'zod';
import { defineContract, listContract } from '../../shared/contract';
import {
  choice,
  flag,
  id,
  optionalChoice,
  optionalDate,
  optionalId,
  optionalText,
  text,
  yesNo,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { contentPageTypes, pageFields, pagePath, vehicleFields } from '../content/content.contract';

/** Seed 002, section 9: 'page added' and 'page deleted' notifications last 4000 ms. */
export const PAGE_NOTIFY_MS = 4000;
export const PAGE_ADDED = 'Page added!';
export const PAGE_UPDATED = 'Page updated!';
export const PAGE_DELETED = 'Page deleted!';
/** Seed 002, section 5: deleting an SEO page is confirmed first. */
export const deletePageQuestion = (pageUrl: string) => `Are you sure you want to delete the SEO page ${pageUrl}?`;
/** Seed 002, section 5: leaving the planner. */
export const PLANNER_LEAVE_WARNING = 'Data will be lost if you leave the page, are you sure?';
/** Seed 002, section 9: the planner's default minimum created date is 7 days before today. */
export const PLANNER_DEFAULT_DAYS = 7;
/** Seed 002, section 8: the builder's empty states. */
export const TODO_NO_LOCATION = 'Please select a location to view your To Do list.';
export const TODO_DONE = 'Congratulations there are no more SEO pages for this location!';
/** Seed 001, section 8: a location cache failure. */
export const LOCATION_CACHE_ERROR = 'Location cache update error';
export const BUILT_WITH_CMS =
  'This page was built through the website CMS; delete it with the CMS so the website drops it too.';
export const NOT_EDITED_WITH_CMS = 'This page was not built through the website CMS; edit it on the SEO pages screen.';
export const NOT_BUILT_WITH_CMS = 'This page was not built through the website CMS; delete it from the SEO pages list.';

/** The form of add-page and edit-page: seed 002's SEO page fields. */
const seoPageFields = {
  pageUrl: pagePath,
  displayText: text(160).meta({ title: 'Display text' }),
  serviceName: optionalText(80).meta({ title: 'Service' }),
  helpful: flag.meta({ title: 'Helpful' }),
  locationId: id,
  pageType: choice(contentPageTypes, 'must be a service page, a vehicle page or an article').meta({
    title: 'Page type',
  }),
  ...vehicleFields,
};
export type SeoPageInput = z.infer<z.ZodObject<typeof seoPageFields>>;

export const seoFilters = {
  query: optionalText(80).meta({ title: 'Search' }),
  locationId: optionalId,
  pageType: optionalChoice(contentPageTypes).meta({ title: 'Page type' }),
  createdBy: optionalId.meta({ title: 'Created by' }),
  createdWithDDCAPI: yesNo.meta({ title: 'Built with the CMS' }),
  minCreatedAt: optionalDate.meta({ title: 'Created from' }),
  maxCreatedAt: optionalDate.meta({ title: 'Created to' }),
};

export const seoColumns: ColumnSpec[] = [
  { key: 'pageUrl', label: 'Page URL', sortable: true },
  { key: 'displayText', label: 'Display text' },
  { key: 'pageTypeLabel', label: 'Type' },
  { key: 'locationName', label: 'Location' },
  { key: 'createdByName', label: 'Created by' },
  { key: 'builtWith', label: 'Built' },
  { key: 'createdAt', label: 'Created', sortable: true, format: 'datetime' },
];

const zeroOne = z.union([z.literal(0), z.literal(1)]);
const seoRow = z.object({
  pageId: z.number().int(),
  pageUrl: z.string(),
  /** The page's full address: the location's url and the path. */
  url: z.string(),
  displayText: z.string(),
  pageType: z.enum(contentPageTypes),
  pageTypeLabel: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdWithDDCAPI: zeroOne,
  builtWith: z.string(),
  createdAt: z.string(),
});
export type SeoRow = z.output<typeof seoRow>;

const seoPage = z.object({
  pageId: z.number().int(),
  pageUrl: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  displayText: z.string(),
  serviceName: z.string(),
  helpful: z.boolean(),
  locationId: z.number().int(),
  locationName: z.string(),
  /** Seed 002: "the location's url". */
  locationUrl: z.string(),
  pageType: z.enum(contentPageTypes),
  vehicleYear: z.number().int().nullable(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleTrim: z.string(),
  createdWithDDCAPI: zeroOne,
  previewUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SeoPage = z.output<typeof seoPage>;

const PAGES = 'marketing/seo/pages';
const pageReply = z.object({ pageId: z.number().int() });

export const loadPages = listContract({
  path: `${PAGES}/load-pages`,
  filters: seoFilters,
  row: seoRow,
  countKey: 'pageCount',
});
export const loadPage = defineContract({
  path: `${PAGES}/load-page`,
  input: z.object({ pageId: id }),
  output: z.object({ page: seoPage }),
});
export const addPage = defineContract({ path: `${PAGES}/add-page`, input: z.object(seoPageFields), output: pageReply });
export const editPage = defineContract({
  path: `${PAGES}/edit-page`,
  input: z.object({ pageId: id, ...seoPageFields }),
  output: pageReply,
});
/** Seed 002: pageId and createdBy; a createdBy sent must be the page's creator. */
export const deletePage = defineContract({
  path: `${PAGES}/delete-page`,
  input: z.object({ pageId: id, createdBy: optionalId.meta({ title: 'Created by' }) }),
  output: pageReply,
});
/** The link to paste in a store's site (seed 001: generate-link takes a form, replies data.html). */
export const generateLink = defineContract({
  path: `${PAGES}/generate-link`,
  input: z.object({
    locationId: id,
    pageUrl: pagePath,
    displayText: text(160).meta({ title: 'Display text' }),
  }),
  output: z.object({ html: z.string(), url: z.string() }),
});

const PLANNER = 'marketing/seo/planner';
export const searchTypes = ['day', 'week', 'month'] as const;

/** The team members who make SEO pages, searched by name (seed 002: load-users with query returns html). */
export const loadPlannerUsers = defineContract({
  path: `${PLANNER}/load-users`,
  input: z.object({ query: optionalText(60).meta({ title: 'Search' }) }),
  output: z.object({
    html: z.string(),
    users: z.array(z.object({ userId: z.number().int(), name: z.string(), pageCount: z.number().int() })),
    /** The dealership families (brands) of the stores within reach, for the planner's family filter. */
    families: z.array(z.string()),
  }),
});
/** Pages made per day, week or month (seed 002's planner load-pages), drawn as charts. */
export const loadPlannerPages = defineContract({
  path: `${PLANNER}/load-pages`,
  input: z.object({
    minCreatedAt: optionalDate.meta({ title: 'Created from' }),
    maxCreatedAt: optionalDate.meta({ title: 'Created to' }),
    location: optionalId.meta({ title: 'Dealership' }),
    family: optionalText(60).meta({ title: 'Family' }),
    userId: optionalId.meta({ title: 'Team member' }),
    searchType: optionalChoice(searchTypes, 'must be day, week or month').meta({ title: 'Per' }),
  }),
  output: z.object({
    dates: z.array(z.string()),
    /** Pages made in each period, by everyone the filters name. */
    pageAmount: z.array(z.number().int()),
    /** Pages made in the whole range. */
    overallPageAmount: z.number().int(),
    /** Pages the caller made in each period. */
    personalAmount: z.array(z.number().int()),
    minCreatedAt: z.string(),
    maxCreatedAt: z.string(),
  }),
});
export const listTypes = ['all', ...contentPageTypes] as const;
/** The builder's to-do list: a store's published content items not yet built as SEO pages. */
export const loadReferencePages = defineContract({
  path: `${PLANNER}/reference-pages`,
  input: z.object({
    location: optionalId.meta({ title: 'Location' }),
    listType: optionalChoice(listTypes, 'must be all, service, vehicle or article').meta({ title: 'Pages' }),
  }),
  output: z.object({
    html: z.string(),
    unbuiltPageCount: z.number().int(),
    pages: z.array(
      z.object({
        contentId: z.number().int(),
        title: z.string(),
        pageUrl: z.string(),
        pageType: z.enum(contentPageTypes),
      }),
    ),
  }),
});

const CMS = 'marketing/ddc-cms';
const builtReply = z.object({ pageId: z.number().int(), previewUrl: z.string() });
/** Builds a page on the store's website through the CMS (seed 001's fields) and records it as an SEO page. */
export const buildPage = defineContract({ path: `${CMS}/build-page`, input: z.object(pageFields), output: builtReply });
/** Sends new words for the page the store's website has at pageUrl (seed 001: the same fields). */
export const updatePage = defineContract({
  path: `${CMS}/update-page`,
  input: z.object(pageFields),
  output: builtReply,
});
/** Seed 002: pageId, pageUrl, locationId and createdBy; each must match the page. */
export const deleteCmsPage = defineContract({
  path: `${CMS}/delete-page`,
  input: z.object({
    pageId: id,
    pageUrl: pagePath,
    locationId: id,
    createdBy: optionalId.meta({ title: 'Created by' }),
  }),
  output: pageReply,
});
/** The location cache render call (seed 001: path not shown): the pages service re-renders a store's pages. */
export const renderLocationCache = defineContract({
  path: `${CMS}/render-location`,
  input: z.object({ locationId: id }),
  output: z.object({ renderedPageCount: z.number().int() }),
});
