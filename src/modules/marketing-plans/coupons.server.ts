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
  sorts: { product: planCoupons.product },
  defaultSort: 'product',
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
  filters: couponFilters,
  query: ({ db }) => ({
    select: db
      .select(couponView)
      .from(planCoupons)
      .innerJoin(marketingPlans, and(eq(marketingPlans.id, planCoupons.planId), eq(marketingPlans.current, true)))
      .innerJoin(locations, eq(locations.id, planCoupons.locationId))
      .$dynamic(),
    where: sql`${planCoupons.live}`,
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
