import { defineGenerator, FULL_SCALE, spreadOldestFirst } from '../../server/scale/generators';
import { usPhone } from '../../server/scale/random';
import { contactLocation, contactPhone } from '../contacts/contacts.api';
import { phoneTypes } from './phones.contract';

/** Line i (id i + 1) belongs to location (i mod locations) + 1: calls and texts derive it the same way. */
const lineNumber = (phoneId: number) => `+1505${2_000_000 + phoneId - 1}`;
const locationOf = (phoneId: number, locations: number) => ((phoneId - 1) % locations) + 1;
const hex32 = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(32, '0')}`;

defineGenerator({
  table: 'phones',
  columns: [
    'description',
    'phone_number',
    'location_id',
    'phone_type',
    'sid',
    'outbound',
    'active',
    'autopilot',
    'squad',
  ],
  fullRows: FULL_SCALE.locations * 4,
  minRows: 40,
  after: ['locations'],
  *rows({ rows, counts }) {
    for (let i = 0; i < rows; i++) {
      const type = phoneTypes[Math.floor(i / counts.locations) % phoneTypes.length];
      yield [
        `Line ${i + 1} (${type})`,
        lineNumber(i + 1),
        locationOf(i + 1, counts.locations),
        type,
        hex32('PN', i + 1),
        i < counts.locations,
        i % 31 !== 30,
        type === 'sales',
        type === 'bdc',
      ];
    }
  },
});

defineGenerator({
  table: 'phone_actions',
  columns: ['phone_id', 'kind', 'label', 'targets', 'user_ids', 'hours', 'greeting', 'timeout_seconds', 'position'],
  fullRows: FULL_SCALE.locations * 4 * 3,
  minRows: 120,
  after: ['phones', 'users'],
  *rows({ random, rows, counts }) {
    const hours = JSON.stringify({
      mon: ['08:00', '19:00'],
      tue: ['08:00', '19:00'],
      wed: ['08:00', '19:00'],
      thu: ['08:00', '19:00'],
      fri: ['08:00', '19:00'],
      sat: ['09:00', '17:00'],
    });
    for (let i = 0; i < rows; i++) {
      const phoneId = (Math.floor(i / 3) % counts.phones) + 1;
      const step = i % 3;
      if (step === 0) yield [phoneId, 'hours', 'Opening hours', [], [], hours, '', 20, 0];
      else if (step === 1)
        yield [
          phoneId,
          'ring-group',
          'Front desk',
          [],
          [random.int(1, counts.users), random.int(1, counts.users)],
          null,
          '',
          20,
          1,
        ];
      else yield [phoneId, 'voicemail', 'After hours', [], [], null, '', 20, 2];
    }
  },
});

const callStatuses = [
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'no-answer',
  'busy',
  'failed',
];

/** Two years of calls, oldest first, about 2,700 a day at full scale. */
defineGenerator({
  table: 'calls',
  columns: [
    'call_sid',
    'phone_id',
    'location_id',
    'direction',
    'from_number',
    'to_number',
    'status',
    'user_id',
    'started_at',
    'answered_at',
    'ended_at',
    'duration_seconds',
    'status_at',
  ],
  fullRows: 2_000_000,
  minRows: 20_000,
  after: ['phones', 'users'],
  *rows({ random, rows, counts, now }) {
    const span = 2 * 365 * 86_400;
    for (let i = 0; i < rows; i++) {
      const phoneId = random.int(1, counts.phones);
      const inbound = random.next() < 0.7;
      const customer = usPhone(random);
      const status = random.pick(callStatuses);
      const answered = status === 'completed';
      const duration = answered ? random.int(20, 1200) : 0;
      const startedAt = spreadOldestFirst(now, span, i, rows);
      const answeredAt = answered ? new Date(startedAt.getTime() + 6000) : null;
      const endedAt = new Date(startedAt.getTime() + 6000 + duration * 1000);
      yield [
        hex32('CA', i + 1),
        phoneId,
        locationOf(phoneId, counts.locations),
        inbound ? 'inbound' : 'outbound',
        inbound ? customer : lineNumber(phoneId),
        inbound ? lineNumber(phoneId) : customer,
        status,
        answered ? random.int(1, counts.users) : null,
        startedAt,
        answeredAt,
        endedAt,
        duration,
        endedAt,
      ];
    }
  },
});

const bodies = [
  'Is the car still available?',
  'Your vehicle is ready for pickup. Reply STOP to opt out.',
  'Can I come by after work today?',
  'Reminder: your service appointment is tomorrow at 9:00.',
];

/**
 * Texts with the stores' contacts (about ten per contact over two years), each from a line of the
 * contact's store: the messenger's conversations (kept by a trigger as they load) are store and
 * contact pairs, as in life.
 */
defineGenerator({
  table: 'messages',
  columns: [
    'message_sid',
    'phone_id',
    'location_id',
    'direction',
    'purpose',
    'from_number',
    'to_number',
    'body',
    'status',
    'created_at',
    'status_at',
  ],
  fullRows: FULL_SCALE.messages,
  minRows: 50_000,
  after: ['phones', 'contacts'],
  derived: ['conversations'],
  *rows({ random, rows, counts, now }) {
    const span = 2 * 365 * 86_400;
    const linesPerLocation = Math.max(1, Math.floor(counts.phones / counts.locations));
    for (let i = 0; i < rows; i++) {
      const contactId = random.int(1, counts.contacts);
      const phoneId =
        contactLocation(contactId, counts.locations) + counts.locations * random.int(0, linesPerLocation - 1);
      const inbound = random.next() < 0.4;
      const customer = contactPhone(contactId);
      const createdAt = spreadOldestFirst(now, span, i, rows);
      yield [
        hex32('SM', i + 1),
        phoneId,
        locationOf(phoneId, counts.locations),
        inbound ? 'inbound' : 'outbound',
        inbound ? 'inbound' : random.next() < 0.5 ? 'marketing' : 'transactional',
        inbound ? customer : lineNumber(phoneId),
        inbound ? lineNumber(phoneId) : customer,
        random.pick(bodies),
        inbound ? 'received' : random.next() < 0.97 ? 'delivered' : 'undelivered',
        createdAt,
        createdAt,
      ];
    }
  },
});
