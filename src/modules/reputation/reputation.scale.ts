import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';

/** Three years of reviews across the group. */
const SPAN_DAYS = 3 * 365;
const sources = ['google', 'facebook', 'yelp', 'dealerrater', 'cars.com'];
const names = ['Rosa G.', 'David M.', 'Angela C.', 'Kevin R.', 'Maria N.', 'Thomas J.', 'Jessica B.', 'Michael L.'];
const said = [
  'Fast and friendly service.',
  'Waited too long for my car.',
  'Fair price on my trade.',
  'Nobody called me back.',
];

/** Review n (id n) is at location ((n - 1) mod locations) + 1, oldest first; 60 % have a reply. */
defineGenerator({
  table: 'reviews',
  columns: [
    'location_id',
    'source',
    'external_id',
    'rating',
    'author',
    'body',
    'reviewed_at',
    'reply',
    'replied_at',
    'created_at',
  ],
  fullRows: FULL_SCALE.reviews,
  after: ['locations'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const at = spreadOldestFirst(now, SPAN_DAYS * 86_400, i, rows);
      const r = random.next();
      const rating = r < 0.55 ? 5 : r < 0.75 ? 4 : r < 0.85 ? 3 : r < 0.93 ? 2 : 1;
      const replied = random.next() < 0.6;
      yield [
        (i % counts.locations) + 1,
        random.pick(sources),
        `scale-${i + 1}`,
        rating,
        random.pick(names),
        random.pick(said),
        at,
        replied ? 'Thank you for letting us know.' : null,
        replied ? new Date(at.getTime() + 86_400_000) : null,
        at,
      ];
    }
  },
});
