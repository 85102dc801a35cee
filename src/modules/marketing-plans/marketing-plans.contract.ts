import { z } from 'zod';
import { defineContract, listContract } from '../../shared/contract';
import {
  choice,
  decimal,
  flag,
  id,
  int,
  list,
  optionalChoice,
  optionalId,
  optionalText,
  text,
  yesNo,
} from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';

/** Seed 001, section 3: a plan coupon is for service or for parts. */
export const PLAN_COUPON_TYPES = ['service', 'parts'] as const;
/** What a plan vehicle is offered as (the seed names `type` only; docs/marketing-plans.md). */
export const PLAN_VEHICLE_TYPES = ['new', 'used', 'certified', 'lease', 'finance'] as const;
/** The campaign channels marketing runs (seed 001 names `type` only). */
export const CAMPAIGN_TYPES = ['facebook', 'google', 'email', 'sms', 'direct mail', 'display', 'other'] as const;
/** A campaign's numbers (seed 001, section 3): each defaults to 0. */
export const CAMPAIGN_METRICS = [
  'appointments',
  'budget',
  'clicks',
  'cpc',
  'cpr',
  'impressions',
  'impressionShare',
  'frequency',
  'sentItems',
  'returnDollars',
  'reach',
] as const;
/** The spec's prefix when a plan delete fails (seed 001, section 8). */
export const PLAN_DELETE_FAILED = 'This plan could not be deleted: ';

/**
 * A link people follow from an email or an ad: an https address, or a shortcode the email fills in
 * (`[location_url]`); never `javascript:` or `data:`.
 */
export const offerLink = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
  z
    .string({ error: 'must be text' })
    .max(500, { error: 'must be at most 500 characters' })
    .regex(/^(https?:\/\/[^\s"'<>]+|\[[a-z_]+\][^\s"'<>]*)$/i, {
      error: 'must be a web address starting with https:// or a shortcode such as [location_url]',
    })
    .optional(),
);
/** Campaign tags, as typed ("spring, trucks") or a list: kept as a list of short words. */
const tags = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : (v ?? []),
  z
    .array(z.string().max(40, { error: 'must be at most 40 characters each' }))
    .max(20, { error: 'must have at most 20 entries' }),
);
const metric = decimal(0, 1_000_000_000, 2).default(0);
const time = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
  z
    .string({ error: 'must be a time' })
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, { error: 'must be a date and time as YYYY-MM-DDTHH:MM' })
    .optional(),
);

export const planVehicleInput = z.object({
  vehicleId: optionalId,
  type: choice(PLAN_VEHICLE_TYPES),
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
  campaignTags: tags,
  gubagooOfferId: optionalText(60).meta({ title: 'Gubagoo offer' }),
  live: flag,
  featured: flag,
});
export const planCouponInput = z.object({
  couponId: optionalId,
  type: choice(PLAN_COUPON_TYPES),
  leadingText: optionalText(60),
  price: optionalText(40),
  savings: optionalText(40),
  retailPrice: optionalText(40),
  promoPrice: optionalText(40),
  trailingText: optionalText(60),
  promoCode: optionalText(40),
  product: text(120),
  description: optionalText(2000),
  image: offerLink,
  gubagooOfferId: optionalText(60).meta({ title: 'Gubagoo offer' }),
  disclaimer: optionalText(2000),
  campaignTags: tags,
  live: flag,
});
export const campaignInput = z.object({
  name: text(120),
  type: choice(CAMPAIGN_TYPES),
  description: optionalText(2000),
  disclaimer: optionalText(2000),
  attachment: offerLink,
  ...(Object.fromEntries(CAMPAIGN_METRICS.map((m) => [m, metric])) as Record<
    (typeof CAMPAIGN_METRICS)[number],
    typeof metric
  >),
  allMonth: flag,
  startTime: time,
  endTime: time,
});
export type PlanVehicleInput = z.input<typeof planVehicleInput>;
export type PlanCouponInput = z.input<typeof planCouponInput>;
export type Campaign = z.output<typeof campaignInput>;

/** The whole plan as the editor holds it; each save sends it all (seed 001: "autosaves on change"). */
export const planInput = z.object({
  planId: optionalId,
  name: text(120),
  locationId: id,
  current: flag.meta({ title: 'Active' }),
  vehicles: list(planVehicleInput, 200),
  coupons: list(planCouponInput, 200),
  campaigns: list(campaignInput, 50),
  /** The editor's change count (decision 031): a save older than the one stored is not written. */
  revision: int(0, Number.MAX_SAFE_INTEGER).optional(),
});
export type PlanInput = z.input<typeof planInput>;

const planVehicle = planVehicleInput.extend({
  vehicleId: z.number().int(),
  inventoryUrl: z.string().optional(),
  image: z.string().optional(),
});
const planCoupon = planCouponInput.extend({ couponId: z.number().int(), image: z.string().optional() });
const plan = z.object({
  planId: z.number().int(),
  name: z.string(),
  locationId: z.number().int(),
  location: z.string(),
  current: z.boolean(),
  vehicles: z.array(planVehicle),
  coupons: z.array(planCoupon),
  campaigns: z.array(campaignInput),
});
export type Plan = z.output<typeof plan>;

export const savePlan = defineContract({
  path: 'marketing/plans/save-plan',
  input: planInput,
  // The kept ids of the vehicles and coupons, in order, so the editor's next save names the same items.
  output: z.object({
    planId: z.number().int(),
    vehicleIds: z.array(z.number().int()),
    couponIds: z.array(z.number().int()),
    revision: z.number().int(),
    /** False when a newer change was already stored: this save changed nothing. */
    written: z.boolean(),
  }),
});
export const loadPlan = defineContract({
  path: 'marketing/plans/load-plan',
  input: z.object({ planId: id.meta({ title: 'Plan' }) }),
  output: z.object({ plan }),
});
export const deletePlan = defineContract({
  path: 'marketing/plans/delete-plan',
  input: z.object({ planId: id.meta({ title: 'Plan' }) }),
  output: z.object({ locationId: z.number().int() }),
});
export const loadPlans = listContract({
  path: 'marketing/plans/load-plans',
  filters: {
    locationId: optionalId,
    query: optionalText(100).meta({ title: 'Search' }),
    current: yesNo.meta({ title: 'Active' }),
  },
  countKey: 'planCount',
  row: z.object({
    planId: z.number().int(),
    name: z.string(),
    location: z.string(),
    locationId: z.number().int(),
    current: z.boolean(),
    vehicleCount: z.number().int(),
    couponCount: z.number().int(),
    updatedAt: z.string(),
  }),
});
export const planColumns: ColumnSpec[] = [
  { key: 'name', label: 'Plan', sortable: true },
  { key: 'location', label: 'Location' },
  { key: 'current', label: 'Active', format: 'flag' },
  { key: 'vehicleCount', label: 'Vehicles', format: 'number' },
  { key: 'couponCount', label: 'Coupons', format: 'number' },
  { key: 'updatedAt', label: 'Saved', format: 'datetime', sortable: true },
];

/** An ad made from one plan vehicle or coupon (seed 001: create-facebook-ad takes the form). */
export const createFacebookAd = defineContract({
  path: 'marketing/plans/create-facebook-ad',
  input: z.object({
    planId: id.meta({ title: 'Plan' }),
    vehicleId: optionalId,
    couponId: optionalId,
    headline: text(40),
    message: text(500).meta({ title: 'Primary text' }),
    link: offerLink.pipe(z.string({ error: 'is required' })),
    budget: int(1, 100_000).meta({ title: 'Daily budget' }),
  }),
  output: z.object({ adId: z.number().int(), reference: z.string() }),
});

/** Coupons (seed 001, "Coupon (view)"): what a store's site and emails show of a plan coupon. */
const couponView = z.object({
  couponId: z.number().int(),
  type: z.enum(PLAN_COUPON_TYPES),
  product: z.string(),
  leadingText: z.string(),
  price: z.string(),
  trailingText: z.string(),
  description: z.string(),
  disclaimer: z.string(),
  image: z.string(),
  promoCode: z.string(),
  location: z.string(),
  locationId: z.number().int(),
  plan: z.string(),
  planId: z.number().int(),
  current: z.boolean(),
  live: z.boolean(),
});
export type CouponView = z.output<typeof couponView>;
const couponFilters = {
  locationId: optionalId,
  type: optionalChoice(PLAN_COUPON_TYPES),
  query: optionalText(100).meta({ title: 'Search' }),
};
/** The coupon locator: every plan's coupons, found by product, promo code or text, live or not. */
export const loadCouponLocator = listContract({
  path: 'marketing/coupons/load-coupon-locator',
  filters: { ...couponFilters, planId: optionalId, live: yesNo.meta({ title: 'Live' }) },
  countKey: 'couponCount',
  row: couponView,
});
/** The coupons on offer now: the live coupons of each store's active plan. */
export const loadCoupons = listContract({
  path: 'marketing/coupons/load-coupons',
  filters: couponFilters,
  countKey: 'couponCount',
  row: couponView,
});
export const loadCoupon = defineContract({
  path: 'marketing/coupons/load-coupon',
  input: z.object({ couponId: id.meta({ title: 'Coupon' }) }),
  output: z.object({ coupon: couponView }),
});
export const couponColumns: ColumnSpec[] = [
  { key: 'product', label: 'Product', sortable: true },
  { key: 'type', label: 'Type' },
  { key: 'price', label: 'Price' },
  { key: 'promoCode', label: 'Promo code' },
  { key: 'location', label: 'Location' },
  { key: 'plan', label: 'Plan' },
  { key: 'live', label: 'Live', format: 'flag' },
];
