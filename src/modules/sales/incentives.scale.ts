import { defineGenerator, FULL_SCALE } from '../../server/scale/generators';
import { incentiveTypes } from './incentives.contract';

/** Makers' programmes come and go monthly: five thousand over five years, a tenth of them the group's own. */
const FULL_ROWS = 5_000;
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
const kinds = [
  'customer cash',
  'loyalty',
  'conquest',
  'finance bonus',
  'lease support',
  'military',
  'college graduate',
];

/**
 * Incentive n (id n) is at location ((n - 1) mod locations) + 1, except every tenth, the group's;
 * starting dates spread over five years, oldest first, each running a month, so the bench's sampled
 * store has some running in any month.
 */
defineGenerator({
  table: 'incentives',
  columns: [
    'location_id',
    'name',
    'type',
    'amount_cents',
    'min_year',
    'max_year',
    'make',
    'model',
    'start_date',
    'end_date',
    'description',
    'active',
    'enabled_by_default',
    'created_by',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_ROWS,
  minRows: FULL_SCALE.locations * 5,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const start = new Date(now.getTime() - Math.floor((SPAN_DAYS * (rows - i)) / rows) * 86_400_000);
      const end = new Date(start.getTime() + random.int(14, 60) * 86_400_000);
      const year = start.getUTCFullYear();
      const [make, model] = random.pick(vehicles);
      const anyModel = random.next() < 0.2;
      const type = random.pick(incentiveTypes);
      const group = i % 10 === 9;
      yield [
        group ? null : (i % counts.locations) + 1,
        `${make}${anyModel ? '' : ` ${model}`} ${random.pick(kinds)}`,
        type,
        random.int(2, 60) * 2_500,
        year,
        year + random.int(0, 1),
        group ? '' : make,
        group || anyModel ? '' : model,
        start.toISOString().slice(0, 10),
        end.toISOString().slice(0, 10),
        '',
        random.next() < 0.9,
        random.next() < 0.3,
        random.int(1, counts.users),
        start,
        start,
      ];
    }
  },
});
