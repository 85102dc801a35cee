import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { defineListAction } from '../../server/platform/lists';
import { outbox } from '../../server/platform/platform.db';
import { outboxColumns, outboxFilters } from './outbox.contract';

defineListAction({
  path: 'outbox/load-messages',
  summary: 'What the local drivers would have sent: texts, emails and calls, newest first.',
  permission: 'developer',
  filters: outboxFilters,
  countKey: 'messageCount',
  export: { route: '/tools/outbox/export', filename: 'outbox' },
  bench: () => [{ name: 'all', filters: {} }, { name: 'texts', filters: { channel: 'sms' } }, { name: 'deep', filters: {}, depth: 10 }],
  columns: outboxColumns,
  sorts: { createdAt: outbox.id },
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  id: { key: 'id', column: outbox.id },
  query: ({ db, input }) => {
    const where: SQL[] = [];
    if (input.channel) where.push(eq(outbox.channel, input.channel));
    if (input.query) where.push(or(ilike(outbox.to, `%${input.query}%`), ilike(outbox.body, `%${input.query}%`), ilike(outbox.subject, `%${input.query}%`))!);
    return {
      select: db.select({
        id: outbox.id, createdAt: outbox.createdAt, channel: outbox.channel, to: outbox.to, from: outbox.from,
        subject: outbox.subject, body: outbox.body, status: outbox.status,
      }).from(outbox).$dynamic(),
      where: where.length ? and(...where) : undefined,
    };
  },
});
