import { hashSync } from '@node-rs/argon2';
import { defineGenerator, FULL_SCALE } from '../../server/scale/generators';
import { firstNames, lastNames } from '../../server/scale/pools';
import { usPhone } from '../../server/scale/random';
import { scaleJobCodes } from '../access/access.api';

/** Every generated user signs in with this password (the demo one). */
export const SCALE_PASSWORD = 'forecourt-demo';

defineGenerator({
  table: 'users',
  columns: [
    'username',
    'email',
    'first_name',
    'last_name',
    'phone',
    'password_hash',
    'job_code',
    'location_id',
    'regions',
    'account_locked',
    'last_sign_in_at',
  ],
  fullRows: FULL_SCALE.users,
  minRows: 100,
  after: ['locations', 'job_codes'],
  *rows({ random, rows, counts, now }) {
    const passwordHash = hashSync(SCALE_PASSWORD, { algorithm: 2 });
    for (let i = 1; i <= rows; i++) {
      const first = random.pick(firstNames);
      const last = random.pick(lastNames);
      const handle = `${first[0]}${last}`.toLowerCase().replace(/[^a-z]/g, '');
      yield [
        `${handle}${i}`,
        `${handle}.${i}@forecourt.test`,
        first,
        last,
        usPhone(random),
        passwordHash,
        scaleJobCodes[i % scaleJobCodes.length][0],
        random.int(1, counts.locations),
        ['New Mexico'],
        i % 97 === 0,
        new Date(now.getTime() - random.int(0, 30 * 86_400) * 1000),
      ];
    }
  },
});

const eventTypes = [
  'signin',
  'signin',
  'signin',
  'signin',
  'signin',
  'signin',
  'signout',
  'signin_failed',
  'code_failed',
  'saved',
  'password_changed',
];

defineGenerator({
  table: 'user_events',
  columns: ['user_id', 'type', 'detail', 'ip', 'at'],
  fullRows: 1_000_000,
  minRows: 20_000,
  after: ['users'],
  *rows({ random, rows, counts, now }) {
    const span = 3 * 365 * 86_400;
    for (let i = 0; i < rows; i++) {
      const type = random.pick(eventTypes);
      yield [
        random.int(1, counts.users),
        type,
        type === 'signin' ? 'With authenticator app' : '',
        `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
        new Date(now.getTime() - random.int(0, span) * 1000),
      ];
    }
  },
});
