import { z } from 'zod';
import { defineContract, listContract } from '../../shared/contract';
import {
  choice,
  email,
  flag,
  id,
  int,
  list,
  optionalChoice,
  optionalId,
  optionalText,
  text,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { offerLink, PLAN_VEHICLE_TYPES } from '../marketing-plans/marketing-plans.contract';
import { conditions } from '../inventory/inventory.contract';

/** Seed 001, section 3: the kinds of piece a template is built of. */
export const PIECE_TYPES = [
  'text',
  'hero',
  'html',
  'image-banner',
  'image-text',
  'coupons',
  'cta-button',
  'vehicles',
] as const;
export type PieceType = (typeof PIECE_TYPES)[number];
export const THEME_TYPES = ['light', 'dark', 'custom'] as const;
export const URL_TYPES = ['location', 'custom'] as const;
export const ALIGNS = ['left', 'center', 'right'] as const;
export const IMAGE_ALIGNS = ['left', 'right'] as const;

/** Seed 001, sections 8 and 9, word for word. */
export const SAVE_FAILED = 'There was an error saving this template: ';
export const LOAD_FAILED = 'There was a problem loading shortcodes/vehicles/coupons: ';
export const EMPTY_IMPORT = 'Returned empty data';
export const UNEXPECTED = 'There was an unexpected error: ';
export const SEARCH_SHOWN = 25;
export const PREVIEW_DELAY_MS = 600;
/** Gmail clips a message past 102 KB and hides the rest behind "View entire message". */
export const GMAIL_CLIP_BYTES = 102 * 1024;
export const RENDER_PATH = '/marketing/email-builder/emails/render';

const hex = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
  z
    .string({ error: 'must be text' })
    .regex(/^#[0-9a-f]{6}$/i, { error: 'must be a colour such as #1a5fb4' })
    .optional(),
);
const shown = flag.default(true);

export const vehicleItem = z.object({
  type: optionalChoice(PLAN_VEHICLE_TYPES),
  inventoryUrl: offerLink.meta({ title: 'Inventory URL' }),
  image: offerLink,
  year: int(1900, 2100),
  make: text(60),
  model: text(80),
  amount: optionalText(40),
  term: optionalText(40),
  down: optionalText(40),
  description: optionalText(2000),
  disclaimer: optionalText(2000),
  ctaLabel: optionalText(40).meta({ title: 'Button label' }),
});
export const couponItem = z.object({
  leadingText: optionalText(60),
  price: optionalText(40),
  trailingText: optionalText(60),
  product: text(120),
  image: offerLink,
  description: optionalText(2000),
  disclaimer: optionalText(2000),
  standalone: flag,
});
export type VehicleItem = z.output<typeof vehicleItem>;
export type CouponItem = z.output<typeof couponItem>;

export const piece = z.object({
  type: choice(PIECE_TYPES),
  name: optionalText(80),
  title: optionalText(200),
  subtitle: optionalText(200),
  text: optionalText(5000),
  html: optionalText(60_000).meta({ title: 'HTML' }),
  image: offerLink,
  link: offerLink,
  align: optionalChoice(ALIGNS),
  imageAlign: optionalChoice(IMAGE_ALIGNS),
  disclaimer: optionalText(2000),
  overlayColor: hex,
  overlayOpacity: int(0, 100).optional(),
  showInventoryButton: flag,
  showServiceButton: flag,
  showDivider: flag,
  visible: shown,
  vehicles: list(vehicleItem, 60),
  coupons: list(couponItem, 60),
});
export type Piece = z.output<typeof piece>;
/** A piece as a caller may send it: the type, and any fields (the rest take their defaults). */
export type PieceInput = Partial<z.input<typeof piece>> & { type: PieceType };

export const templateOptions = z.object({
  name: text(120),
  locationId: id,
  locked: flag,
  promoScript: flag,
  showLocationHeader: flag,
  xtime: flag.meta({ title: 'Xtime' }),
  autoloop: flag.meta({ title: 'AutoLoop' }),
  themeType: choice(THEME_TYPES).meta({ title: 'Theme' }),
  customTheme: hex.meta({ title: 'Custom theme colour' }),
  inventoryUrlType: choice(URL_TYPES).meta({ title: 'Inventory link' }),
  customInventoryUrl: offerLink.meta({ title: 'Custom inventory URL' }),
  serviceUrlType: choice(URL_TYPES).meta({ title: 'Service link' }),
  customServiceUrl: offerLink.meta({ title: 'Custom service URL' }),
});
export type TemplateOptions = z.output<typeof templateOptions>;

/** Custom choices need their value: a custom theme its colour, a custom link its address. */
const customsGiven = (t: z.output<typeof templateOptions>, ctx: z.core.$RefinementCtx) => {
  const need: [boolean, string, string][] = [
    [t.themeType === 'custom' && !t.customTheme, 'customTheme', 'is required for a custom theme'],
    [
      t.inventoryUrlType === 'custom' && !t.customInventoryUrl,
      'customInventoryUrl',
      'is required for a custom inventory link',
    ],
    [t.serviceUrlType === 'custom' && !t.customServiceUrl, 'customServiceUrl', 'is required for a custom service link'],
  ];
  for (const [missing, path, message] of need) if (missing) ctx.addIssue({ code: 'custom', path: [path], message });
};

export const saveTemplate = defineContract({
  path: 'marketing/email-builder/save-template',
  input: templateOptions
    .extend({
      templateId: optionalId,
      /** Saves a copy: a new template even when `templateId` names one (the builder's `clone=true`). */
      clone: flag,
      /**
       * The builder's count of its changes: a save carrying an older count than the stored one is
       * late (a slower request of an earlier change) and is not written, so the latest change wins.
       */
      revision: int(0, Number.MAX_SAFE_INTEGER).optional(),
      pieces: list(piece, 60),
    })
    .superRefine(customsGiven),
  output: z.object({ templateId: z.number().int(), revision: z.number().int(), written: z.boolean() }),
});

const template = templateOptions.extend({
  templateId: z.number().int(),
  location: z.string(),
  revision: z.number().int(),
  pieces: z.array(piece),
  customTheme: z.string().optional(),
  customInventoryUrl: z.string().optional(),
  customServiceUrl: z.string().optional(),
});
export type Template = z.output<typeof template>;
const templateIdInput = z.object({ templateId: id.meta({ title: 'Template' }) });

export const loadTemplate = defineContract({
  path: 'marketing/email-builder/load-template',
  input: templateIdInput,
  output: z.object({ template }),
});
export const loadTemplates = listContract({
  path: 'marketing/email-builder/load-templates',
  filters: { query: optionalText(100).meta({ title: 'Search' }), locationId: optionalId },
  countKey: 'templateCount',
  row: z.object({
    templateId: z.number().int(),
    name: z.string(),
    location: z.string(),
    locationId: z.number().int(),
    pieceCount: z.number().int(),
    locked: z.boolean(),
    updatedAt: z.string(),
  }),
});
export const templateColumns: ColumnSpec[] = [
  { key: 'name', label: 'Template', sortable: true },
  { key: 'location', label: 'Location' },
  { key: 'pieceCount', label: 'Pieces', format: 'number' },
  { key: 'locked', label: 'Locked', format: 'flag' },
  { key: 'updatedAt', label: 'Saved', format: 'datetime', sortable: true },
];
export const deleteTemplate = defineContract({
  path: 'marketing/email-builder/delete-template',
  input: z.object({
    templateIds: list(id, 500)
      .pipe(z.array(z.number()).min(1, { error: 'must name at least one template' }))
      .meta({ title: 'Templates' }),
  }),
  output: z.object({ deleted: z.number().int() }),
});
export const convertHtml = defineContract({
  path: 'marketing/email-builder/convert-html',
  input: templateIdInput,
  output: z.object({ html: z.string(), filesize: z.number().int(), warnings: z.array(z.string()) }),
});
const shortcode = z.object({ shortcode: z.string(), label: z.string(), value: z.string() });
export const getShortcodes = defineContract({
  path: 'marketing/email-builder/get-shortcodes',
  input: templateIdInput,
  output: z.object({ shortcodes: z.array(shortcode) }),
});
export const vehicleImport = defineContract({
  path: 'marketing/email-builder/vehicle-import',
  input: z.object({
    locationId: id,
    condition: optionalChoice(conditions),
    make: optionalText(60),
    model: optionalText(80),
    limit: int(1, 30).default(12).meta({ title: 'How many' }),
  }),
  output: z.object({ vehicles: z.array(vehicleItem) }),
});
const planItem = z.object({ itemId: z.number().int(), label: z.string(), detail: z.string(), live: z.boolean() });
const planList = z.object({ planId: z.number().int().nullable(), plan: z.string(), items: z.array(planItem) });
export type PlanItem = z.output<typeof planItem>;
export const listPlanVehicles = defineContract({
  path: 'marketing/email-builder/list-plan-vehicles',
  input: z.object({ location: id.meta({ title: 'Location' }) }),
  output: planList,
});
export const planVehicleImport = defineContract({
  path: 'marketing/email-builder/plan-vehicle-import',
  input: z.object({ vehicleIds: list(id, 60).meta({ title: 'Vehicles' }) }),
  output: z.object({ vehicles: z.array(vehicleItem) }),
});
export const listPlanCoupons = defineContract({
  path: 'marketing/email-builder/list-plan-coupons',
  input: z.object({ location: id.meta({ title: 'Location' }) }),
  output: planList,
});
export const planCouponImport = defineContract({
  path: 'marketing/email-builder/plan-coupon-import',
  input: z.object({ couponIds: list(id, 60).meta({ title: 'Coupons' }) }),
  output: z.object({ coupons: z.array(couponItem) }),
});
export const sendTest = defineContract({
  path: 'marketing/email-builder/send',
  input: z.object({
    to: email.meta({ title: 'To' }),
    subject: text(200),
    html: text(2_000_000).meta({ title: 'HTML' }),
    locationName: text(120).meta({ title: 'Location name' }),
  }),
  output: z.object({ id: z.string() }),
});
