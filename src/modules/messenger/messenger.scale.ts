import { defineGenerator, FULL_SCALE } from '../../server/scale/generators';

const BODIES = [
  'Year-end sales event this Saturday. Reply STOP to opt out.',
  'Winter tire special: $50 off a set of four. Reply STOP to opt out.',
  'Your vehicle may be due for service: book online. Reply STOP to opt out.',
];
/** Sends per location at full scale: a couple a month for two years. */
const SENDS_PER_LOCATION = 50;

/** Finished mass texts, send n at location ((n - 1) mod locations) + 1 from that location's first line. */
defineGenerator({
  table: 'bulk_sends',
  columns: [
    'kind',
    'location_id',
    'phone_id',
    'body',
    'quiet_hours',
    'state',
    'recipient_count',
    'created_at',
    'finished_at',
  ],
  fullRows: FULL_SCALE.locations * SENDS_PER_LOCATION,
  minRows: 600,
  after: ['phones'],
  *rows({ random, rows, counts, now }) {
    const span = 2 * 365 * 86_400_000;
    for (let i = 0; i < rows; i++) {
      const location = (i % counts.locations) + 1;
      const createdAt = new Date(now.getTime() - Math.floor((span * (rows - i)) / rows));
      yield [
        'text',
        location,
        location,
        random.pick(BODIES),
        'wait',
        'done',
        random.int(200, 8000),
        createdAt,
        new Date(createdAt.getTime() + 3_600_000),
      ];
    }
  },
});
