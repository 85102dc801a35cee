import { z } from 'zod';
import { defineContract, listContract } from '../../shared/contract';
import { choice, flag, id, optionalChoice, optionalId, optionalText, text, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { modelYear } from '../vehicles/vehicles.contract';

/** What a page is about (docs/content.md): a service the store sells, a vehicle, or an article. */
export const contentPageTypes = ['service', 'vehicle', 'article'] as const;
export type ContentPageType = (typeof contentPageTypes)[number];
export const pageTypeLabels: Record<ContentPageType, string> = {
  service: 'Service page',
  vehicle: 'Vehicle page',
  article: 'Article',
};

/** Seed 001, section 5: deleting a content item is confirmed first. */
export const DELETE_CONTENT_QUESTION = 'Delete this content item? Its words are gone for good.';
export const CONTENT_LOCKED = 'This content item is locked; unlock it to change or delete it.';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A page's address on a store's website: a path from the site's root, lower case, such as
 * /service/oil-change (the store's own address goes in front of it).
 */
export const pagePath = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: (i) => (i.input == null ? 'is required' : 'must be text') })
      .min(1, { error: 'is required' })
      .max(300, { error: 'must be at most 300 characters' })
      .regex(/^\/[a-z0-9\-_/.]*$/, {
        error: 'must be a path on the website starting with /, such as /service/oil-change',
      }),
  )
  .meta({ title: 'Page URL' });

/** The vehicle a page is about: from the catalogue's picker (VehiclePicker), each part optional. */
export const vehicleFields = {
  vehicleYear: z.preprocess(blankToUndefined, modelYear.optional()).meta({ title: 'Year' }),
  vehicleMake: optionalText(40).meta({ title: 'Make' }),
  vehicleModel: optionalText(60).meta({ title: 'Model' }),
  vehicleTrim: optionalText(60).meta({ title: 'Trim' }),
};

/** The words of a page and what it is about: seed 001's content item fields (and build-page's payload). */
export const pageFields = {
  title: text(160),
  description: optionalText(320).meta({ title: 'Meta description' }),
  content: text(20_000),
  locationId: id,
  serviceName: optionalText(80).meta({ title: 'Service' }),
  pageType: choice(contentPageTypes, 'must be a service page, a vehicle page or an article').meta({
    title: 'Page type',
  }),
  ...vehicleFields,
  pageUrl: pagePath,
};

const addItemInput = z.object(pageFields);
const saveItemInput = z.object({
  contentId: id,
  ...pageFields,
  published: flag.meta({ title: 'Published' }),
  locked: flag.meta({ title: 'Locked' }),
});
export type SaveItemInput = z.infer<typeof saveItemInput>;

export const contentFilters = {
  query: optionalText(80).meta({ title: 'Search' }),
  locationId: optionalId,
  pageType: optionalChoice(contentPageTypes).meta({ title: 'Page type' }),
  published: yesNo.meta({ title: 'Published' }),
};

export const contentColumns: ColumnSpec[] = [
  { key: 'title', label: 'Title', sortable: true },
  { key: 'pageUrl', label: 'Page URL' },
  { key: 'pageTypeLabel', label: 'Type' },
  { key: 'locationName', label: 'Location' },
  { key: 'status', label: 'Status' },
  { key: 'updatedAt', label: 'Changed', format: 'datetime' },
  { key: 'createdAt', label: 'Created', sortable: true, format: 'datetime' },
];

const contentRow = z.object({
  contentId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  title: z.string(),
  pageUrl: z.string(),
  pageType: z.enum(contentPageTypes),
  pageTypeLabel: z.string(),
  published: z.boolean(),
  locked: z.boolean(),
  status: z.string(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type ContentRow = z.output<typeof contentRow>;

export const contentItem = z.object({
  contentId: z.number().int(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  published: z.boolean(),
  locked: z.boolean(),
  locationId: z.number().int(),
  serviceName: z.string(),
  pageType: z.enum(contentPageTypes),
  vehicleYear: z.number().int().nullable(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehicleTrim: z.string(),
  pageUrl: z.string(),
});
export type ContentItem = z.output<typeof contentItem>;

const PATH = 'marketing/content-engine';
const contentReply = z.object({ contentId: z.number().int() });

/** Content items within reach, newest first (seed 001: load-items takes filters; the reply is designed). */
export const loadItems = listContract({
  path: `${PATH}/load-items`,
  filters: contentFilters,
  row: contentRow,
  countKey: 'contentCount',
});
/** One content item for the edit form (designed: the spec's screen edits items it lists). */
export const loadItem = defineContract({
  path: `${PATH}/load-item`,
  input: z.object({ contentId: id }),
  output: z.object({ item: contentItem }),
});
export const addItem = defineContract({ path: `${PATH}/add-item`, input: addItemInput, output: contentReply });
export const saveItem = defineContract({ path: `${PATH}/save-item`, input: saveItemInput, output: contentReply });
export const deleteItem = defineContract({
  path: `${PATH}/delete-item`,
  input: z.object({ contentId: id }),
  output: contentReply,
});

/** The compile screen's options (seed 001: "query is the compile options"), read from its address. */
export const compileOptions = {
  locationId: optionalId,
  pageType: optionalChoice(contentPageTypes).meta({ title: 'Page type' }),
  published: yesNo.meta({ title: 'Published' }),
};

/** How many pages one compile shows at most: a store's set of pages, not the group's. */
export const COMPILE_LIMIT = 100;

/**
 * Compiles content items into the pages the website receives (designed: docs/content.md): each
 * item's words with the store's shortcodes filled in, as html, and its full address.
 */
export const compileItems = defineContract({
  path: `${PATH}/compile`,
  input: z.object(compileOptions),
  output: z.object({
    pageCount: z.number().int(),
    pages: z.array(
      z.object({
        contentId: z.number().int(),
        title: z.string(),
        locationName: z.string(),
        url: z.string(),
        html: z.string(),
        unknownShortcodes: z.array(z.string()),
      }),
    ),
  }),
});
