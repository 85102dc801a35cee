import { ilike, or } from 'drizzle-orm';
import { defineListAction, equals } from '../../server/platform/lists';
import { containing } from '../../server/platform/search';
import { outbox } from '../../server/platform/platform.db';
import { loadOutbox, outboxColumns } from './outbox.contract';

defineListAction({
  contract: loadOutbox,
  summary: 'What the local drivers would have sent: texts, emails and calls, newest first.',
  permission: 'developer',
  reach: 'group',
  export: { filename: 'outbox', bench: true },
  bench: () => [
    { name: 'all', filters: {} },
    { name: 'texts', filters: { channel: 'sms' } },
    { name: 'deep', filters: {}, depth: 10 },
  ],
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
    select: db
      .select({
        id: outbox.id,
        createdAt: outbox.createdAt,
        channel: outbox.channel,
        to: outbox.to,
        from: outbox.from,
        subject: outbox.subject,
        body: outbox.body,
        status: outbox.status,
        direction: outbox.direction,
        sid: outbox.sid,
      })
      .from(outbox)
      .$dynamic(),
  }),
});
