import { and, eq, sql } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { defineListAction, equals, matches, yesNo } from '../../server/platform/lists';
import { searchText } from '../../server/platform/search';
import { withinReach } from '../../server/platform/reach';
import { locations } from '../locations/locations.db';
import { couponColumns, loadCoupon, loadCouponLocator, loadCoupons } from './marketing-plans.contract';
import { marketingPlans, planCouponRecords, planCoupons } from './marketing-plans.db';

const couponSearch = searchText(planCoupons.product, planCoupons.promoCode, planCoupons.description);

/** A coupon as the locator, the coupon pages and the email builder show it (seed 001, "Coupon (view)"). */
const couponView = {
  couponId: planCoupons.id,
  type: planCoupons.type,
  product: planCoupons.product,
  leadingText: planCoupons.leadingText,
  price: planCoupons.price,
  trailingText: planCoupons.trailingText,
  description: planCoupons.description,
  disclaimer: planCoupons.disclaimer,
  image: planCoupons.image,
  promoCode: planCoupons.promoCode,
  location: locations.name,
  locationId: planCoupons.locationId,
  plan: marketingPlans.name,
  planId: planCoupons.planId,
  current: marketingPlans.current,
  live: planCoupons.live,
};

const couponList = {
  permission: 'marketing',
  reach: planCoupons.locationId,
  columns: couponColumns,
  id: { key: 'couponId', column: planCoupons.id },
} as const;
const couponFilters = {
  locationId: equals(planCoupons.locationId),
  type: equals(planCoupons.type),
  query: matches(couponSearch),
};

defineListAction({
  contract: loadCouponLocator,
  summary: "Every plan's coupons, found by product, promo code or text.",
  ...couponList,
  bench: (s) => [
    { name: 'location', filters: { locationId: s.locationId } },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'search', filters: { query: 'oil' } },
  ],
  // Newest first: the latest plans' coupons are the ones worth reusing, and a common word ('oil')
  // is found in page order at once. In product order its matches sit together near the middle of
  // the alphabet, and a walk of the product index read 62,500 other coupons before them.
  sorts: { couponId: planCoupons.id, product: planCoupons.product },
  defaultSort: 'couponId',
  defaultDir: 'desc',
  filters: { ...couponFilters, planId: equals(planCoupons.planId), live: yesNo(planCoupons.live) },
  query: ({ db }) => ({
    select: db
      .select(couponView)
      .from(planCoupons)
      .innerJoin(marketingPlans, eq(marketingPlans.id, planCoupons.planId))
      .innerJoin(locations, eq(locations.id, planCoupons.locationId))
      .$dynamic(),
  }),
});

defineListAction({
  contract: loadCoupons,
  summary: "The coupons on offer now: the live coupons of each store's active plan.",
  ...couponList,
  bench: (s) => [
    { name: 'location', filters: { locationId: s.locationId } },
    { name: "all, a region's user", filters: {}, regional: true },
  ],
  sorts: { product: planCoupons.product },
  defaultSort: 'product',
  filters: couponFilters,
  query: ({ db }) => ({
    select: db
      .select(couponView)
      .from(planCoupons)
      .innerJoin(marketingPlans, eq(marketingPlans.id, planCoupons.planId))
      .innerJoin(locations, eq(locations.id, planCoupons.locationId))
      .$dynamic(),
    // The current plans (one per store, from their partial index) in the condition, not the join: the
    // count reads the coupons alone and must see it. As an array, the page and the count read those
    // plans' coupons from the plan index (60 short ranges); `in (select …)` counted by scanning every
    // coupon (16 ms), and a walk in product order read thousands of other plans' coupons.
    where: and(
      sql`${planCoupons.live}`,
      sql`${planCoupons.planId} = any(array(${db
        .select({ id: marketingPlans.id })
        .from(marketingPlans)
        .where(eq(marketingPlans.current, true))}))`,
    ),
  }),
});

defineAction({
  contract: loadCoupon,
  summary: 'One coupon, with its plan and store.',
  permission: 'marketing',
  reach: { couponId: planCouponRecords },
  readOnly: true,
  async handler({ db, input, user }) {
    const [coupon] = await db
      .select(couponView)
      .from(planCoupons)
      .innerJoin(marketingPlans, eq(marketingPlans.id, planCoupons.planId))
      .innerJoin(locations, eq(locations.id, planCoupons.locationId))
      .where(and(eq(planCoupons.id, input.couponId), withinReach(user.reach, planCoupons.locationId)));
    if (!coupon) throw AppError.notFound('That coupon does not exist.');
    return { coupon };
  },
});
