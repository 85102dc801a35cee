import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';

/** Five years of the stores' marketing files: 100,000 uploads at full scale (issue 36). */
const SPAN_DAYS = 5 * 365;
const FULL_ROWS = 100_000;
const subjects = [
  'Spring sales event',
  'Service special',
  'Truck month',
  'Holiday hours',
  'New arrivals',
  'Trade-in days',
];
const kinds = [
  ['image/webp', 'webp', 'banner.png'],
  ['image/jpeg', 'jpg', 'photo.jpg'],
  ['image/png', 'png', 'logo.png'],
  ['application/pdf', 'pdf', 'flyer.pdf'],
] as const;

/**
 * Upload n is at location ((n - 1) mod locations) + 1, so the bench's sample store has some; the
 * storage keys name no stored file (the bench lists, it does not serve).
 */
defineGenerator({
  table: 'cdn_uploads',
  columns: [
    'location_id',
    'storage_key',
    'filename',
    'content_type',
    'content_size',
    'original_size',
    'tags',
    'description',
    'compressed',
    'active',
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
      const [type, ext, name] = kinds[i % kinds.length];
      const original = random.int(20_000, 4_000_000);
      const compressed = type.startsWith('image/') && random.next() < 0.7;
      const subject = subjects[i % subjects.length];
      yield [
        (i % counts.locations) + 1,
        `${createdAt.toISOString().slice(0, 7)}/scale${String(i).padStart(17, '0')}.${ext}`,
        name,
        type,
        compressed ? Math.round(original * 0.35) : original,
        original,
        subject.split(' ')[0].toLowerCase(),
        `${subject} ${i}`,
        compressed,
        random.next() < 0.95,
        random.int(1, counts.users),
        createdAt,
        createdAt,
      ];
    }
  },
});
