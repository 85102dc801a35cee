import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';
import { firstNames, lastNames } from '../../server/scale/pools';
import { contactLocation, contactPhone } from './contacts.api';

defineGenerator({
  table: 'contacts',
  columns: [
    'location_id',
    'first_name',
    'last_name',
    'mobile_phone',
    'email',
    'autopilot',
    'source',
    'sold',
    'created_at',
    'updated_at',
  ],
  fullRows: FULL_SCALE.contacts,
  minRows: 5_000,
  after: ['locations'],
  // A reload names the conversations of the texts already there, and counts each store's mailing
  // list (triggers on contacts).
  derived: ['conversations', 'contact_tallies'],
  *rows({ random, rows, counts, now }) {
    const span = 3 * 365 * 86_400;
    for (let i = 1; i <= rows; i++) {
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      const createdAt = spreadOldestFirst(now, span, i, rows);
      const source = random.next() < 0.6 ? 'staff' : random.pick(['text', 'import', 'chat']);
      yield [
        contactLocation(i, counts.locations),
        first,
        last,
        contactPhone(i),
        `${first}.${last}.${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
        random.next() < 0.05,
        source,
        random.next() < 0.15,
        createdAt,
        createdAt,
      ];
    }
  },
});

/** One contact in this many has texted STOP, a few per cent as a marketing list's opt-outs run. */
const OPTED_OUT_EVERY = 33;

/**
 * The group's opt-out list: the numbers of evenly spread contacts (and so of every store), each
 * opted out by a STOP at its store some time in the last year. Its triggers count them out of the
 * stores' mailing-list tallies.
 */
defineGenerator({
  table: 'opt_outs',
  columns: ['phone_number', 'keyword', 'source', 'location_id', 'created_at'],
  fullRows: Math.floor(FULL_SCALE.contacts / OPTED_OUT_EVERY),
  minRows: 150,
  after: ['contacts'],
  derived: ['contact_tallies'],
  *rows({ random, rows, counts, now }) {
    const step = Math.max(1, Math.floor(counts.contacts / rows));
    for (let i = 0; i < rows; i++) {
      const contactId = i * step + 1;
      yield [
        contactPhone(contactId),
        'STOP',
        'keyword',
        contactLocation(contactId, counts.locations),
        new Date(now.getTime() - random.int(0, 365) * 86_400_000),
      ];
    }
  },
});
