import { ilike, or } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals } from '../../server/platform/lists';
import { containing } from '../../server/platform/search';
import { simulateCallStatus, simulateInboundCall, simulateInboundText } from '../phones/simulate';
import { outbox } from '../../server/platform/platform.db';
import { loadOutbox, outboxColumns, simulateCallStatus as callStatusContract, simulateInboundCall as inboundCallContract, simulateInboundText as inboundTextContract } from './outbox.contract';

defineListAction({
  contract: loadOutbox,
  summary: 'What the local drivers would have sent: texts, emails and calls, newest first.',
  permission: 'developer',
  reach: 'group',
  export: { filename: 'outbox', bench: true },
  bench: () => [{ name: 'all', filters: {} }, { name: 'texts', filters: { channel: 'sms' } }, { name: 'deep', filters: {}, depth: 10 }],
  columns: outboxColumns,
  sorts: { createdAt: outbox.id },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'id', column: outbox.id },
  filters: {
    channel: equals(outbox.channel),
    query: (term) => {
      const like = containing(term);
      return or(ilike(outbox.to, like), ilike(outbox.body, like), ilike(outbox.subject, like));
    },
  },
  query: ({ db }) => ({
    select: db.select({
      id: outbox.id, createdAt: outbox.createdAt, channel: outbox.channel, to: outbox.to, from: outbox.from,
      subject: outbox.subject, body: outbox.body, status: outbox.status, direction: outbox.direction, sid: outbox.sid,
    }).from(outbox).$dynamic(),
  }),
});

defineAction({
  contract: inboundTextContract,
  summary: 'Local driver only: a text arrives on one of our lines from a customer, as Twilio\'s webhook would deliver it (STOP, START and HELP included).',
  permission: 'developer',
  reach: 'group',
  handler: ({ db, input, services }) => simulateInboundText(db, services, input),
});

defineAction({
  contract: inboundCallContract,
  summary: 'Local driver only: a customer calls one of our lines; the line\'s phone actions answer. With durationSeconds the call also ends.',
  permission: 'developer',
  reach: 'group',
  handler: ({ db, input, services }) => simulateInboundCall(db, services, input),
});

defineAction({
  contract: callStatusContract,
  summary: 'Local driver only: a live call moves on (answered, busy, completed...), as a carrier would report it.',
  permission: 'developer',
  reach: 'group',
  handler: ({ db, input, services }) => simulateCallStatus(db, services, input),
});
