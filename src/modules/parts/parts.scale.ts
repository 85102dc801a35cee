import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';
import { invoiceTypes, partCategories } from './parts.contract';

/** Three years of parts invoices: about 45 a month per store at full scale. */
const SPAN_DAYS = 3 * 365;
const FULL_ROWS = 100_000;
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

/**
 * Invoice n (id n) is at location ((n - 1) mod locations) + 1, numbered in that store's series and
 * dated oldest first, so every store has some in any month, the bench's sample one included.
 */
defineGenerator({
  table: 'parts_invoices',
  columns: [
    'location_id',
    'invoice_number',
    'invoice_type',
    'invoice_date',
    'name',
    'account',
    'amount',
    'collected',
    'notes',
    'created_by',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_ROWS,
  minRows: FULL_SCALE.locations * 10,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    const span = SPAN_DAYS * 86_400;
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, span, i, rows);
      const ageDays = (now.getTime() - createdAt.getTime()) / 86_400_000;
      const location = (i % counts.locations) + 1;
      const type = random.pick(invoiceTypes);
      const name = `${random.pick(givenNames)} ${random.pick(surnames)}`;
      // Most counter sales are paid on the spot; older invoices have mostly been collected.
      const collected = type === 'counter' || type === 'return' || random.next() < (ageDays > 60 ? 0.97 : 0.5);
      yield [
        location,
        `P-${String(100_000 + Math.floor(i / counts.locations)).padStart(6, '0')}`,
        type,
        createdAt.toISOString().slice(0, 10),
        name,
        type === 'counter' ? '' : `A-${random.int(1000, 99999)}`,
        random.int(500, 250_000),
        collected,
        '',
        random.next() < 0.95 ? random.int(1, counts.users) : null,
        createdAt,
        createdAt,
      ];
    }
  },
});

/** A dealer group's catalogue: five thousand parts across the categories, numbered in series. */
defineGenerator({
  table: 'parts_catalog',
  columns: ['part_number', 'description', 'category', 'price_cents'],
  fullRows: 5_000,
  minRows: 200,
  *rows({ random, rows }) {
    for (let i = 0; i < rows; i++) {
      const category = partCategories[i % partCategories.length];
      yield [
        `${category.slice(0, 2).toUpperCase()}-${String(10_000 + i)}`,
        `${category} part ${i + 1}${i % 7 === 0 ? ', oil filter kit' : ''}`,
        category,
        random.int(300, 60_000),
      ];
    }
  },
});
