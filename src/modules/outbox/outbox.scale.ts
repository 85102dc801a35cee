import { defineGenerator, spreadOldestFirst } from '../../server/scale/generators';
import { usPhone } from '../../server/scale/random';

const texts = [
  'Your vehicle is ready for pickup. Reply STOP to opt out.',
  'Reminder: your service appointment is tomorrow at 9:00.',
  'Thanks for visiting! How did we do? Reply 1-5.',
  'Your sign-in code is 482913. It expires in 10 minutes.',
];

/** What the local drivers recorded: enough rows for the 1M-row CSV export measurement. */
defineGenerator({
  table: 'outbox',
  columns: ['channel', 'to', 'from', 'subject', 'body', 'status', 'created_at'],
  fullRows: 1_200_000,
  minRows: 25_000,
  *rows({ random, rows, now }) {
    const span = 2 * 365 * 86_400;
    for (let i = 0; i < rows; i++) {
      const email = random.next() < 0.15;
      yield [
        email ? 'email' : 'sms',
        email ? `customer${random.int(1, 500_000)}@example.com` : usPhone(random),
        email ? 'no-reply@forecourt.test' : usPhone(random),
        email ? 'Your service visit' : '',
        random.pick(texts),
        random.next() < 0.97 ? 'delivered' : 'failed',
        spreadOldestFirst(now, span, i, rows),
      ];
    }
  },
});
