import { z } from 'zod';
import { optionalText } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';

export const outboxFilters = {
  channel: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sms', 'email', 'call'], { error: 'must be sms, email or call' }).optional()),
  query: optionalText(100),
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
export interface OutboxRow { id: number; createdAt: string; channel: 'sms' | 'email' | 'call'; to: string; from: string; subject: string; body: string; status: string }
