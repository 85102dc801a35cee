import { defineGenerator, spreadOldestFirst } from '../../server/scale/generators';
import { firstNames, lastNames } from '../../server/scale/pools';
import { QUOTE_DAYS, quoteFigures, type QuoteLines } from './quote';

/** Two years of texted and copied quotes: about seven a day per store at full scale. */
const FULL_ROWS = 150_000;
const SPAN_SECONDS = 2 * 365 * 86_400;
const vehicles: [string, string, string][] = [
  ['Toyota', 'RAV4', 'XLE'],
  ['Toyota', 'Camry', 'SE'],
  ['Toyota', 'Tacoma', 'SR5'],
  ['Honda', 'CR-V', 'EX-L'],
  ['Honda', 'Civic', 'Sport'],
  ['Ford', 'F-150', 'XLT'],
  ['Ford', 'Escape', 'ST-Line'],
  ['Chevrolet', 'Silverado 1500', 'LT'],
  ['Subaru', 'Outback', 'Premium'],
  ['Hyundai', 'Tucson', 'SEL'],
];
const TOKEN_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Quote n (id n) is at location ((n - 1) mod locations) + 1, made by user ((n - 1) mod users) + 1,
 * oldest first, its figures worked out by quote.ts; about half were opened by the customer.
 */
defineGenerator({
  table: 'sales_quotes',
  columns: [
    'token',
    'location_id',
    'user_id',
    'year',
    'make',
    'model',
    'trim',
    'stock',
    'customer_name',
    'lines',
    'figures',
    'total',
    'created_at',
    'expires_at',
    'first_viewed_at',
    'views',
  ],
  fullRows: FULL_ROWS,
  minRows: 1_000,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, SPAN_SECONDS, i, rows);
      const [make, model, trim] = random.pick(vehicles);
      const price = random.int(22_000, 62_000) * 100;
      const lines: QuoteLines = {
        price,
        discounts: [{ name: 'Dealer discount', amount: random.int(0, 30) * 10_000, optional: false, applied: true }],
        addenda: random.next() < 0.3 ? [{ name: 'Paint protection', amount: 89_500 }] : [],
        taxes: [{ name: 'Motor vehicle excise tax', rate: 4 }],
        incentives: [],
      };
      const figures = quoteFigures(lines);
      const opened = random.next() < 0.5;
      const token = Array.from({ length: 22 }, () => TOKEN_CHARS[random.int(0, TOKEN_CHARS.length - 1)]).join('');
      yield [
        token,
        (i % counts.locations) + 1,
        (i % counts.users) + 1,
        createdAt.getUTCFullYear() + random.int(0, 1),
        make,
        model,
        trim,
        `Q${String(i + 1).padStart(7, '0')}`,
        `${random.pick(firstNames)} ${random.pick(lastNames)}`,
        JSON.stringify(lines),
        JSON.stringify(figures),
        figures.total,
        createdAt,
        new Date(createdAt.getTime() + QUOTE_DAYS * 86_400_000),
        opened ? new Date(createdAt.getTime() + random.int(60, 86_400) * 1000) : null,
        opened ? random.int(1, 4) : 0,
      ];
    }
  },
});
