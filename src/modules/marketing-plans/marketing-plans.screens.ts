import { IconCalendarDollar, IconTicket } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

/** Seed 001's marketing plans (list and editor at the addresses it gives) and the coupon locator. */
export default defineScreens([
  {
    path: 'marketing/plans',
    className: 'marketing-plans',
    access: 'marketing',
    load: () => import('./MarketingPlans'),
    nav: {
      group: 'Marketing',
      order: 61,
      label: 'Marketing plans',
      href: '/marketing/plans/',
      description: "Each store's month: the vehicles and coupons on offer and the campaigns that push them",
      icon: IconCalendarDollar,
    },
  },
  {
    path: 'marketing/plans/edit',
    className: 'plan-editor',
    access: 'marketing',
    title: 'Marketing plan',
    load: () => import('./PlanEditor'),
  },
  {
    path: 'marketing/coupons',
    className: 'coupon-locator',
    access: 'marketing',
    load: () => import('./CouponLocator'),
    nav: {
      group: 'Marketing',
      order: 62,
      label: 'Coupon locator',
      href: '/marketing/coupons/',
      description: "Every plan's service and parts coupons, by product, promo code or store",
      icon: IconTicket,
    },
  },
]);
