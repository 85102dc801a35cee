import { defineGenerator, spreadOldestFirst } from '../../server/scale/generators';

/** Three years of SEO pages across the group. */
const SPAN_DAYS = 3 * 365;
const FULL_ROWS = 200_000;
const services = [
  'Oil change',
  'Brake service',
  'Tire rotation',
  'Battery replacement',
  'Alignment',
  'Transmission service',
];
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** Page n (id n) is at location ((n - 1) mod locations) + 1, oldest first; its address is unique. A tenth were built with the CMS. */
defineGenerator({
  table: 'seo_pages',
  columns: [
    'location_id',
    'page_url',
    'created_by',
    'display_text',
    'service_name',
    'helpful',
    'page_type',
    'created_with_ddc_api',
    'cms_page_id',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_ROWS,
  after: ['locations', 'users'],
  *rows({ random, rows, counts, now }) {
    for (let i = 0; i < rows; i++) {
      const createdAt = spreadOldestFirst(now, SPAN_DAYS * 86_400, i, rows);
      const service = random.pick(services);
      const cms = random.next() < 0.1;
      yield [
        (i % counts.locations) + 1,
        `/service/${slug(service)}-${i + 1}`,
        random.int(1, counts.users),
        `${service} near you`,
        service,
        random.next() < 0.2,
        'service',
        cms,
        cms ? `scale-${i + 1}` : null,
        createdAt,
        createdAt,
      ];
    }
  },
});
