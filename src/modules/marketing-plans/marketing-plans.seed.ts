import { locations } from '../locations/locations.db';
import type { Db } from '../../server/db/client';
import type { Campaign } from './marketing-plans.contract';
import { marketingPlans, planCoupons, planVehicles } from './marketing-plans.db';

const IMAGES = 'https://assets.forecourt.test/offers';
const monthName = (d: Date, back = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

const vehicles = [
  {
    type: 'lease',
    year: 2026,
    make: 'Toyota',
    model: 'RAV4 XLE',
    amount: '$329/mo',
    term: '36 months',
    down: '$2,999 due at signing',
    featured: true,
  },
  {
    type: 'finance',
    year: 2026,
    make: 'Toyota',
    model: 'Camry SE',
    amount: '1.9% APR',
    term: '60 months',
    down: '$0 down',
    featured: false,
  },
  {
    type: 'new',
    year: 2026,
    make: 'Toyota',
    model: 'Tacoma TRD Off-Road',
    amount: '$2,500 off',
    term: '',
    down: '',
    featured: false,
  },
  {
    type: 'certified',
    year: 2023,
    make: 'Honda',
    model: 'CR-V EX',
    amount: '$27,495',
    term: '',
    down: '',
    featured: false,
  },
] as const;

const coupons = [
  {
    type: 'service',
    product: 'Synthetic oil change',
    leadingText: 'Only',
    price: '$59.95',
    trailingText: 'plus tax',
    promoCode: 'OIL5995',
    savings: '$20',
  },
  {
    type: 'service',
    product: 'Tire rotation and balance',
    leadingText: 'Save',
    price: '$25',
    trailingText: 'off',
    promoCode: 'ROTATE25',
    savings: '$25',
  },
  {
    type: 'parts',
    product: 'Wiper blades',
    leadingText: 'Buy one, get one',
    price: 'free',
    trailingText: '',
    promoCode: 'WIPERS',
    savings: '$18',
  },
  {
    type: 'service',
    product: 'Brake inspection',
    leadingText: '',
    price: 'Free',
    trailingText: 'with any service',
    promoCode: 'BRAKES',
    savings: '$49',
  },
] as const;

const campaigns = (month: string): Campaign[] => [
  {
    name: `${month} lease push`,
    type: 'facebook',
    description: "Carousel of the month's lease offers to in-market shoppers within 30 miles.",
    disclaimer: undefined,
    attachment: undefined,
    appointments: 18,
    budget: 2500,
    clicks: 1240,
    cpc: 2.02,
    cpr: 0.85,
    impressions: 96000,
    impressionShare: 0,
    frequency: 2.4,
    sentItems: 0,
    returnDollars: 41000,
    reach: 40000,
    allMonth: true,
    startTime: undefined,
    endTime: undefined,
  },
  {
    name: `${month} service email`,
    type: 'email',
    description: "The month's service coupons to customers due for service.",
    disclaimer: undefined,
    attachment: undefined,
    appointments: 42,
    budget: 0,
    clicks: 610,
    cpc: 0,
    cpr: 0,
    impressions: 0,
    impressionShare: 0,
    frequency: 1,
    sentItems: 8200,
    returnDollars: 12600,
    reach: 8200,
    allMonth: false,
    startTime: undefined,
    endTime: undefined,
  },
];

/** Each store's plan for this month (active) and last month's, with the same offers: the email builder's demo templates read the active one. */
export async function seedMarketingPlans(db: Db): Promise<void> {
  const stores = await db
    .select({ id: locations.id, code: locations.code, url: locations.url })
    .from(locations)
    .orderBy(locations.id);
  const now = new Date();
  for (const store of stores) {
    for (const back of [1, 0]) {
      const month = monthName(now, back);
      const [plan] = await db
        .insert(marketingPlans)
        .values({ locationId: store.id, name: `${month} plan`, current: back === 0, campaigns: campaigns(month) })
        .returning({ id: marketingPlans.id });
      const site = store.url || 'https://www.example.com';
      await db.insert(planVehicles).values(
        vehicles.map((v, position) => ({
          ...v,
          planId: plan.id,
          locationId: store.id,
          position,
          live: true,
          inventoryUrl: `${site.replace(/\/$/, '')}/new-inventory/?model=${encodeURIComponent(v.model)}`,
          image: `${IMAGES}/${v.make.toLowerCase()}-${v.model.split(' ')[0].toLowerCase()}.jpg`,
          description: `The ${v.year} ${v.make} ${v.model} at [location_name].`,
          disclaimer: 'With approved credit. Tax, title and license extra. See dealer for details.',
          campaignTags: [month.split(' ')[0].toLowerCase()],
        })),
      );
      await db.insert(planCoupons).values(
        coupons.map((c, position) => ({
          ...c,
          planId: plan.id,
          locationId: store.id,
          position,
          live: position !== 3 || back === 0,
          image: `${IMAGES}/${c.product.split(' ')[0].toLowerCase()}.jpg`,
          description: `${c.product} at [location_name]. Call [service_phone] to book.`,
          disclaimer: `Expires at the end of ${month}. One coupon per visit.`,
        })),
      );
    }
  }
}
