import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';

/** Three years of repair orders: about 140 a month per store at full scale, three items each. */
const SPAN_DAYS = 3 * 365;
const FULL_ROWS = 300_000;
const ITEMS_PER_ORDER = 3;
const vehicles = [
  '2019 Toyota RAV4',
  '2021 Toyota Tacoma',
  '2020 Honda CR-V',
  '2018 Ford F-150',
  '2017 Subaru Outback',
  '2016 Chevrolet Silverado',
  '2021 Hyundai Tucson',
  '2022 Kia Sportage',
];
const customers = ['Garcia', 'Martinez', 'Chavez', 'Romero', 'Baca', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Sanchez'];
const work: [string, number, number][] = [
  ['Oil and filter change', 6_995, 50],
  ['Tire rotation', 2_995, 50],
  ['Front brake pads', 24_950, 150],
  ['Battery', 18_999, 40],
  ['Alignment', 11_995, 100],
  ['Diagnosis', 14_900, 100],
];

/**
 * Order n (id n) is at location ((n - 1) mod locations) + 1, oldest first; its totals are its three
 * items' sums, as a save keeps them. Orders of the last few days are still open.
 */
defineGenerator({
  table: 'repair_orders',
  columns: [
    'location_id',
    'customer_name',
    'vehicle',
    'services_requested',
    'status',
    'value_cents',
    'hours_hundredths',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_ROWS,
  minRows: FULL_SCALE.locations * 10,
  after: ['locations'],
  *rows({ rows, counts, now }) {
    const span = SPAN_DAYS * 86_400;
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, span, i, rows);
      const lines = Array.from({ length: ITEMS_PER_ORDER }, (_, k) => work[(i + k) % work.length]);
      const open = now.getTime() - createdAt.getTime() < 5 * 86_400_000;
      yield [
        (i % counts.locations) + 1,
        `${customers[i % customers.length]} ${String.fromCharCode(65 + (i % 26))}.`,
        vehicles[i % vehicles.length],
        lines.map(([d]) => d).join('; '),
        open ? 'open' : 'closed',
        lines.reduce((s, l) => s + l[1], 0),
        lines.reduce((s, l) => s + l[2], 0),
        createdAt,
        createdAt,
      ];
    }
  },
});

defineGenerator({
  table: 'repair_order_items',
  columns: ['repair_order_id', 'position', 'description', 'value_cents', 'hours_hundredths'],
  fullRows: FULL_ROWS * ITEMS_PER_ORDER,
  minRows: FULL_SCALE.locations * 10 * ITEMS_PER_ORDER,
  after: ['repair_orders'],
  *rows({ rows }) {
    for (let n = 0; n < rows; n++) {
      const i = Math.floor(n / ITEMS_PER_ORDER);
      const [description, value, hours] = work[(i + (n % ITEMS_PER_ORDER)) % work.length];
      yield [i + 1, n % ITEMS_PER_ORDER, description, value, hours];
    }
  },
});
