import { z } from 'zod';
import { optionalText } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';
import { callStatuses, simulateCallInput, simulateCallStatusInput, simulateTextInput } from '../phones/phones.contract';

export const outboxFilters = {
  channel: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sms', 'email', 'call', 'lead'], { error: 'must be sms, email, call or lead' }).optional()).meta({ title: 'Kind' }),
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
  path: 'outbox/load-messages', filters: outboxFilters, countKey: 'messageCount', exportRoute: '/tools/outbox/export',
  row: z.object({
    id: z.number().int(), createdAt: z.string(), channel: z.enum(['sms', 'email', 'call', 'lead']), to: z.string(), from: z.string(),
    subject: z.string(), body: z.string(), status: z.string(), direction: z.enum(['inbound', 'outbound']), sid: z.string().nullable(),
  }),
});
export type OutboxRow = z.output<typeof loadOutbox.row>;

/** A customer's text arriving on one of our lines (STOP, START and HELP included), with what we answered. */
export const simulateInboundText = defineContract({
  path: 'outbox/simulate-inbound-text', input: simulateTextInput,
  output: z.object({ messageSid: z.string(), replies: z.array(z.string()), twiml: z.string(), optedOut: z.boolean(), optedIn: z.boolean() }),
});
/** A customer calling one of our lines: how the line's phone actions answered. */
export const simulateInboundCall = defineContract({
  path: 'outbox/simulate-inbound-call', input: simulateCallInput,
  output: z.object({ callSid: z.string(), twiml: z.string(), outcome: z.string(), status: z.string() }),
});
/** A live call moving on, as a carrier would report it. */
export const simulateCallStatus = defineContract({
  path: 'outbox/simulate-call-status', input: simulateCallStatusInput,
  output: z.object({ callSid: z.string(), status: z.enum(callStatuses), applied: z.enum(['applied', 'unchanged', 'unknown']) }),
});
