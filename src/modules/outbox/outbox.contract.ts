import { z } from 'zod';
import { optionalText } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { listContract } from '../../shared/contract';

const outboxFilters = {
  channel: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .enum(['sms', 'email', 'call', 'lead', 'insurance', 'cms'], {
          error: 'must be sms, email, call, lead, insurance or cms',
        })
        .optional(),
    )
    .meta({ title: 'Kind' }),
  query: optionalText(100).meta({ title: 'Search' }),
};
export const outboxColumns: ColumnSpec[] = [
  { key: 'createdAt', label: 'When', format: 'datetime', sortable: true },
  { key: 'channel', label: 'Kind' },
  { key: 'to', label: 'To' },
  { key: 'from', label: 'From' },
  { key: 'subject', label: 'Subject' },
  { key: 'body', label: 'Message' },
  { key: 'status', label: 'Status' },
];
/** What the local drivers would have sent (and the simulated inbound side), newest first. */
export const loadOutbox = listContract({
  path: 'outbox/load-messages',
  filters: outboxFilters,
  countKey: 'messageCount',
  exportRoute: '/tools/outbox/export',
  row: z.object({
    id: z.number().int(),
    createdAt: z.string(),
    channel: z.enum(['sms', 'email', 'call', 'lead', 'insurance', 'cms']),
    to: z.string(),
    from: z.string(),
    subject: z.string(),
    body: z.string(),
    status: z.string(),
    direction: z.enum(['inbound', 'outbound']),
    sid: z.string().nullable(),
  }),
});
export type OutboxRow = z.output<typeof loadOutbox.row>;
