import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';

/** Landing pages of five years: 5,000 at full scale (issue 36). */
const FULL_ROWS = 5_000;
const SPAN_DAYS = 5 * 365;
const subjects = ['Spring sales event', 'Truck month', 'Service special', 'Holiday hours', 'Trade-in days'];

/** Page n is at location ((n - 1) mod locations) + 1, so the bench's sample store has some. */
defineGenerator({
  table: 'landing_pages',
  columns: [
    'location_id',
    'title',
    'slug',
    'description',
    'theme',
    'published',
    'modules',
    'version',
    'created_by',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_ROWS,
  minRows: FULL_SCALE.locations * 2,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, SPAN_DAYS * 86_400, i, rows);
      const subject = subjects[i % subjects.length];
      const modules = [
        { id: `hero${String(i).padStart(8, '0')}`, type: 'hero', heading: subject },
        { id: `text${String(i).padStart(8, '0')}`, type: 'text', body: `${subject} at our store.` },
      ];
      yield [
        (i % counts.locations) + 1,
        `${subject} ${i}`,
        `${subject.toLowerCase().replaceAll(' ', '-')}-${i}`,
        '',
        'light',
        random.next() < 0.6,
        JSON.stringify(modules),
        random.int(1, 40),
        random.int(1, counts.users),
        createdAt,
        createdAt,
      ];
    }
  },
});
