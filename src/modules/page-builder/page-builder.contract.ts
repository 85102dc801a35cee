import { z } from 'zod';
import { choice, flag, id, int, list, optionalId, optionalText, text, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

/** Where a published page is served, for anyone: /p/{slug}. */
export const PUBLIC_PAGE_PATH = '/p';
/** The live preview, shown in an iframe of the builder (seed 000, section 2). */
export const PREVIEW_PATH = '/tools/page-builder/preview';
export const MAX_MODULES = 40;
/** Widths the preview is shown at (docs/page-builder.md). */
export const PREVIEW_WIDTHS = { desktop: 1280, tablet: 768, phone: 375 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** An image of the CDN (its own path): pages show only the group's checked files, never another site's. */
const cdnImage = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'must be an image of the CDN' })
    .max(200, { error: 'must be an image of the CDN' })
    .regex(/^(\/uploads\/[0-9-]{7}\/[A-Za-z0-9_-]{16,64}\.(png|jpg|gif|webp|avif))?$/, {
      error: 'must be an image of the CDN',
    }),
);
/** A link a button may lead to: a page of the site, or an https address. Never a script. */
const link = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'is required' })
    .min(1, { error: 'is required' })
    .max(300, { error: 'must be at most 300 characters' })
    .regex(/^(https:\/\/[^\s<>"]+|\/[^\s<>"/][^\s<>"]*|\/|tel:\+?[\d-]{7,20}|mailto:[^\s<>"@]+@[^\s<>"]+)$/, {
      error: 'must be an https address, a path such as /inventory, a tel: number or a mailto: address',
    }),
);

const moduleId = z.string().regex(/^[A-Za-z0-9_-]{6,24}$/, { error: 'must be a module id' });
/** The modules a page is built of (the module editor's forms). */
export const pageModule = z.discriminatedUnion(
  'type',
  [
    z.object({
      id: moduleId,
      type: z.literal('hero'),
      heading: text(120),
      subheading: optionalText(300),
      image: cdnImage.optional(),
    }),
    z.object({ id: moduleId, type: z.literal('text'), heading: optionalText(120), body: text(5000) }),
    z.object({
      id: moduleId,
      type: z.literal('image'),
      image: cdnImage,
      alt: text(200).meta({ title: 'Alternative text' }),
      caption: optionalText(200),
    }),
    z.object({ id: moduleId, type: z.literal('button'), label: text(60), link }),
  ],
  { error: 'must be a hero, text, image or button module' },
);
export type PageModule = z.output<typeof pageModule>;
export type ModuleType = PageModule['type'];
export const moduleTypes: Record<ModuleType, string> = { hero: 'Hero', text: 'Text', image: 'Image', button: 'Button' };

export const themes = ['light', 'dark'] as const;
export type Theme = (typeof themes)[number];
const slug = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .string({ error: 'is required' })
    .min(3, { error: 'must be at least 3 characters' })
    .max(60, { error: 'must be at most 60 characters' })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
      error: 'may use lowercase letters, digits and single dashes, such as spring-sale',
    }),
);

/** The page-options form with the page's modules (seed 000: page options, clone). */
export const savePageInput = z.object({
  pageId: optionalId,
  /** Save as a new page, a copy of this one; the original stays as it was. */
  clone: flag,
  /** The version the builder last saw: a save over a newer one is refused, not lost (docs/page-builder.md). */
  version: z.preprocess((v) => (v === '' || v === null ? undefined : v), int(0, 1_000_000).optional()),
  locationId: id,
  title: text(120),
  slug: slug.meta({ title: 'Address' }),
  description: optionalText(300),
  theme: choice(themes),
  published: flag,
  modules: list(pageModule, MAX_MODULES),
});
export type SavePageInput = z.output<typeof savePageInput>;

const pageRow = z.object({
  pageId: z.number().int(),
  title: z.string(),
  slug: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  published: z.boolean(),
  moduleCount: z.number().int(),
  updatedAt: z.string(),
});
export type PageRow = z.output<typeof pageRow>;
const page = z.object({
  pageId: z.number().int(),
  locationId: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  theme: z.enum(themes),
  published: z.boolean(),
  modules: z.array(pageModule),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type PageRecord = z.output<typeof page>;

export const pageColumns: ColumnSpec[] = [
  { key: 'title', label: 'Title', sortable: true },
  { key: 'slug', label: 'Address' },
  { key: 'locationName', label: 'Location' },
  { key: 'moduleCount', label: 'Modules', format: 'number' },
  { key: 'published', label: 'Published', format: 'flag' },
  { key: 'updatedAt', label: 'Saved', sortable: true, format: 'datetime' },
];

export const loadPages = listContract({
  path: 'tools/page-builder/load-pages',
  filters: {
    query: optionalText(100).meta({ title: 'Search' }),
    locationId: optionalId,
    published: yesNo.meta({ title: 'Published' }),
  },
  row: pageRow,
  countKey: 'pageCount',
});
export const loadPage = defineContract({
  path: 'tools/page-builder/load-page',
  input: z.object({ pageId: id }),
  output: z.object({ page }),
});
export const savePage = defineContract({
  path: 'tools/page-builder/save-page',
  input: savePageInput,
  output: z.object({ pageId: z.number().int(), version: z.number().int(), slug: z.string() }),
});
export const deletePage = defineContract({
  path: 'tools/page-builder/delete-page',
  input: z.object({ pageId: id }),
  output: z.object({ pageId: z.number().int() }),
});

// Seed 000, sections 5 and 8, word for word.
export const PAGE_SAVED = 'Page saved.';
export const PAGE_SAVE_FAILED = 'There was an error saving this page: ';
export const DELETE_MODULE_QUESTION = 'Are you sure you want to delete this module?';
export const DELETE_PAGE_QUESTION = 'Are you sure you want to delete this page?';
