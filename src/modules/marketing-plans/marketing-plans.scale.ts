import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';

/**
 * Plans at group scale (issue 34): 5,000 plans (about seven years of monthly plans for 60 stores),
 * 100,000 vehicles and 100,000 coupons. Plan n is at store ((n - 1) mod stores) + 1 and the newest
 * plan of each store is its active one; item n belongs to plan ((n - 1) mod plans) + 1.
 */
const FULL = { plans: 5_000, vehicles: 100_000, coupons: 100_000 };
const SPAN = 7 * 365 * 86_400;
const models = [
  'RAV4 XLE',
  'Camry SE',
  'Tacoma TRD',
  'Highlander XLE',
  'Corolla LE',
  'Tundra SR5',
  'Prius LE',
  '4Runner SR5',
];
const products = [
  'Synthetic oil change',
  'Tire rotation',
  'Brake inspection',
  'Wiper blades',
  'Cabin air filter',
  'Battery test',
  'Alignment',
  'Coolant flush',
];

defineGenerator({
  table: 'marketing_plans',
  columns: ['location_id', 'name', 'current', 'campaigns', 'created_at', 'updated_at'],
  fullRows: FULL.plans,
  minRows: FULL_SCALE.locations * 2,
  after: ['locations'],
  *rows({ rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const at = spreadOldestFirst(now, SPAN, i, rows);
      const month = at.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      yield [(i % counts.locations) + 1, `${month} plan ${i + 1}`, i >= rows - counts.locations, '[]', at, at];
    }
  },
});

defineGenerator({
  table: 'plan_vehicles',
  columns: ['plan_id', 'location_id', 'type', 'year', 'make', 'model', 'amount', 'position', 'live'],
  fullRows: FULL.vehicles,
  minRows: 500,
  after: ['marketing_plans'],
  *rows({ rows, counts }) {
    const plans = counts.marketing_plans;
    for (let i = 0; i < rows; i++) {
      const plan = (i % plans) + 1;
      yield [
        plan,
        ((plan - 1) % counts.locations) + 1,
        i % 3 ? 'lease' : 'new',
        2020 + (i % 7),
        'Toyota',
        models[i % models.length],
        `$${249 + (i % 200)}/mo`,
        Math.floor(i / plans),
        i % 5 !== 0,
      ];
    }
  },
});

defineGenerator({
  table: 'plan_coupons',
  columns: ['plan_id', 'location_id', 'type', 'product', 'price', 'promo_code', 'description', 'position', 'live'],
  fullRows: FULL.coupons,
  minRows: 500,
  after: ['marketing_plans'],
  *rows({ rows, counts }) {
    const plans = counts.marketing_plans;
    for (let i = 0; i < rows; i++) {
      const plan = (i % plans) + 1;
      const product = products[i % products.length];
      yield [
        plan,
        ((plan - 1) % counts.locations) + 1,
        i % 4 ? 'service' : 'parts',
        product,
        `$${19 + (i % 80)}.95`,
        `P${100_000 + i}`,
        `${product}, this month only.`,
        Math.floor(i / plans),
        i % 6 !== 0,
      ];
    }
  },
});
