import { defineGenerator } from '../../server/scale/generators';

const FULL_ROWS = 100_000;
const ads = [
  ['Service specials', 'Service customers 10 mi', 'Oil change special'],
  ['Service specials', 'Service customers 10 mi', 'Brake inspection'],
  ['New inventory', 'In-market SUV shoppers', 'SUVs in stock'],
  ['New inventory', 'Lookalike buyers', 'Trade-in offer'],
];

/**
 * Four ads a store a day, newest day last: row n is ad (n mod 4) of store ((n div 4) mod locations) + 1,
 * on the day counted back from today, so every store has every recent day.
 */
defineGenerator({
  table: 'ad_insights',
  columns: [
    'location_id',
    'day',
    'ad_id',
    'campaign_name',
    'ad_set_name',
    'ad_name',
    'campaign_lifetime_budget_cents',
    'creative_name',
    'creative_message',
    'creative_link_url',
    'spend_cents',
    'impressions',
    'clicks',
    'conversions',
    'created_at',
  ],
  fullRows: FULL_ROWS,
  after: ['locations'],
  *rows({ random, rows, counts, now }) {
    const perDay = counts.locations * ads.length;
    const days = Math.ceil(rows / perDay);
    for (let i = 0; i < rows; i++) {
      const ad = i % ads.length;
      const store = (Math.floor(i / ads.length) % counts.locations) + 1;
      const back = days - 1 - Math.floor(i / perDay);
      const day = new Date(now.getTime() - (back + 1) * 86_400_000).toISOString().slice(0, 10);
      const [campaign, adSet, name] = ads[ad];
      const impressions = random.int(400, 3_000);
      const clicks = Math.floor(impressions * (0.005 + random.next() * 0.025));
      yield [
        store,
        day,
        `scale-${store}-${ad + 1}`,
        `${campaign} ${store}`,
        adSet,
        name,
        campaign === 'New inventory' ? 300_000 : 150_000,
        `${name} creative`,
        `${name} at our store.`,
        '',
        random.int(500, 5_000),
        impressions,
        clicks,
        Math.floor(clicks * random.next() * 0.2),
        now,
      ];
    }
  },
});
