import { defineGenerator, spreadOldestFirst } from '../../server/scale/generators';

/** Two years of content work: about 800 items per store at full scale. */
const SPAN_DAYS = 2 * 365;
const FULL_ROWS = 50_000;
const services = [
  'Oil change',
  'Brake service',
  'Tire rotation',
  'Battery replacement',
  'Alignment',
  'Transmission service',
];
const vehicles: [string, string][] = [
  ['Toyota', 'RAV4'],
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Ford', 'F-150'],
  ['Subaru', 'Outback'],
  ['Chevrolet', 'Equinox'],
];
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Item n (id n) is at location ((n - 1) mod locations) + 1, oldest first; its address is unique at its store. */
defineGenerator({
  table: 'content_items',
  columns: [
    'location_id',
    'title',
    'description',
    'content',
    'published',
    'locked',
    'service_name',
    'page_type',
    'vehicle_year',
    'vehicle_make',
    'vehicle_model',
    'vehicle_trim',
    'page_url',
    'created_by',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_ROWS,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, SPAN_DAYS * 86_400, i, rows);
      const service = random.next() < 0.5;
      const [make, model] = random.pick(vehicles);
      const year = 2020 + random.int(0, 6);
      const name = service ? random.pick(services) : `${year} ${make} ${model}`;
      const title = service ? `${name} at [location_name]` : `${name} for sale in [location_city]`;
      yield [
        (i % counts.locations) + 1,
        title,
        `${name}: prices, hours and booking.`,
        `${name} from the team at [location_name]. Call [service_phone].`,
        random.next() < 0.7,
        random.next() < 0.1,
        service ? name : '',
        service ? 'service' : 'vehicle',
        service ? null : year,
        service ? '' : make,
        service ? '' : model,
        '',
        `/${service ? 'service' : 'new'}/${slug(name)}-${i + 1}`,
        random.int(1, counts.users),
        createdAt,
        createdAt,
      ];
    }
  },
});
