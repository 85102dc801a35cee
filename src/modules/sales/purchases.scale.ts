import { defineGenerator, spreadOldestFirst } from '../../server/scale/generators';
import { firstNames, lastNames } from '../../server/scale/pools';
import { dealTypes } from './purchases.contract';

/** Five years of the group's retail sales: about 65 a month per store at full scale. */
const FULL_ROWS = 200_000;
const SPAN_DAYS = 5 * 365;
const vehicles: [string, string][] = [
  ['Toyota', 'RAV4'],
  ['Toyota', 'Camry'],
  ['Toyota', 'Tacoma'],
  ['Honda', 'CR-V'],
  ['Honda', 'Civic'],
  ['Ford', 'F-150'],
  ['Ford', 'Escape'],
  ['Chevrolet', 'Silverado 1500'],
  ['Subaru', 'Outback'],
  ['Hyundai', 'Tucson'],
  ['Kia', 'Sportage'],
  ['Nissan', 'Rogue'],
];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/**
 * Purchase n (id n) is at location ((n - 1) mod locations) + 1, credited to user ((n - 1) mod users)
 * + 1 (every fifth split with the next user), sold oldest first: every store and every user has
 * sales in any month, the bench's sampled ones included.
 */
defineGenerator({
  table: 'purchases',
  columns: [
    'location_id',
    'stock',
    'vin',
    'year',
    'make',
    'model',
    'first_name',
    'last_name',
    'mobile_phone',
    'email',
    'salesperson_id',
    'second_salesperson_id',
    'price_cents',
    'sold_date',
    'deal_type',
    'created_by',
    'created_at',
  ],
  fullRows: FULL_ROWS,
  minRows: 1_000,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const soldAt = spreadOldestFirst(now, SPAN_DAYS * 86_400, i, rows);
      const [make, model] = random.pick(vehicles);
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      const salesperson = (i % counts.users) + 1;
      const vin = Array.from({ length: 17 }, () => VIN_CHARS[random.int(0, VIN_CHARS.length - 1)]).join('');
      yield [
        (i % counts.locations) + 1,
        `S${String(i + 1).padStart(7, '0')}`,
        vin,
        soldAt.getUTCFullYear() - random.int(0, 6),
        make,
        model,
        first,
        last,
        `+1505${String(2_000_000 + (i % 7_999_999)).padStart(7, '0')}`,
        i % 3 === 0 ? `${first}.${last}${i}@example.com`.toLowerCase() : '',
        salesperson,
        i % 5 === 4 ? (salesperson % counts.users) + 1 : null,
        random.int(800, 9_000) * 1_000,
        soldAt.toISOString().slice(0, 10),
        random.pick(dealTypes),
        salesperson,
        soldAt,
      ];
    }
  },
});
