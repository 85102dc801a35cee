import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';

/**
 * 20,000 templates at group scale (issue 34), template n at store ((n - 1) mod stores) + 1, each with
 * a text piece, a hero and a coupons piece of two coupons, as the builder saves them.
 */
const FULL = 20_000;
const SPAN = 5 * 365 * 86_400;
const names = ['offers', 'service specials', 'featured vehicle', 'holiday sale', 'trade-in event', 'lease deals'];
const pieces = (i: number) =>
  JSON.stringify([
    {
      type: 'text',
      title: `Hello from [location_name] ${i}`,
      text: 'Our offers this month.',
      visible: true,
      showInventoryButton: false,
      showServiceButton: false,
      showDivider: false,
      vehicles: [],
      coupons: [],
    },
    {
      type: 'hero',
      title: 'Big savings',
      image: 'https://assets.forecourt.test/offers/hero.jpg',
      link: '[inventory_url]',
      visible: true,
      showInventoryButton: false,
      showServiceButton: false,
      showDivider: false,
      vehicles: [],
      coupons: [],
    },
    {
      type: 'coupons',
      title: 'Coupons',
      visible: true,
      showInventoryButton: false,
      showServiceButton: true,
      showDivider: false,
      vehicles: [],
      coupons: [
        { product: 'Oil change', price: '$59.95', standalone: false },
        { product: 'Tire rotation', price: '$25', trailingText: 'off', standalone: false },
      ],
    },
  ]);

defineGenerator({
  table: 'email_templates',
  columns: ['location_id', 'name', 'pieces', 'created_at', 'updated_at'],
  fullRows: FULL,
  minRows: FULL_SCALE.locations * 3,
  after: ['locations'],
  *rows({ rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const at = spreadOldestFirst(now, SPAN, i, rows);
      const month = at.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      yield [(i % counts.locations) + 1, `${month} ${names[i % names.length]} ${i + 1}`, pieces(i), at, at];
    }
  },
});
