import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';

/** Three years of click-to-buy testimonials across the group: about a hundred a year per store at full scale. */
const SPAN_DAYS = 3 * 365;
const FULL_ROWS = 20_000;
const surnames = [
  'Garcia',
  'Martinez',
  'Chavez',
  'Romero',
  'Baca',
  'Nguyen',
  'Johnson',
  'Brown',
  'Lopez',
  'Sanchez',
  'Smith',
  'Lee',
];
const givenNames = ['Rosa', 'David', 'Angela', 'Kevin', 'Maria', 'Thomas', 'Jessica', 'Michael', 'Daniel', 'Laura'];
const vehicles: [string, string][] = [
  ['Toyota', 'RAV4'],
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Honda', 'CR-V'],
  ['Ford', 'F-150'],
  ['Subaru', 'Outback'],
  ['Chevrolet', 'Equinox'],
  ['Kia', 'Telluride'],
  ['Hyundai', 'Tucson'],
  ['Nissan', 'Rogue'],
];
const openings = [
  'Bought online and picked it up the next day.',
  'No haggling and a fair trade-in.',
  'The paperwork was ready when I arrived.',
  'Delivered to my driveway.',
  'Easy checkout from my phone.',
  'Pickup took a little longer than promised.',
];

/**
 * Testimonial n (id n) is at location ((n - 1) mod locations) + 1, created oldest first, so every store
 * has some in any month, the bench's sample one included; most older ones are published.
 */
defineGenerator({
  table: 'testimonials',
  columns: [
    'location_id',
    'creator_id',
    'active',
    'customer_name',
    'body',
    'rating',
    'given_on',
    'vehicle_year',
    'vehicle_make',
    'vehicle_model',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_ROWS,
  minRows: FULL_SCALE.locations * 5,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    const span = SPAN_DAYS * 86_400;
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, span, i, rows);
      const ageDays = (now.getTime() - createdAt.getTime()) / 86_400_000;
      const [make, model] = random.pick(vehicles);
      const surname = random.pick(surnames);
      const name = `${random.pick(givenNames)} ${random.next() < 0.5 ? surname : `${surname[0]}.`}`;
      const rating = random.next() < 0.7 ? 5 : random.int(1, 4);
      yield [
        (i % counts.locations) + 1,
        random.next() < 0.95 ? random.int(1, counts.users) : null,
        random.next() < (ageDays > 14 ? 0.8 : 0.3),
        name,
        `${random.pick(openings)} ${make} ${model} from the click-to-buy lane.`,
        rating,
        createdAt.toISOString().slice(0, 10),
        createdAt.getUTCFullYear() - random.int(0, 6),
        make,
        model,
        createdAt,
        createdAt,
      ];
    }
  },
});
