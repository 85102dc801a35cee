import { z } from 'zod';
import { optionalText, text } from '../../shared/fields';
import { defineContract, listContract } from '../../shared/contract';
import { jobCodeFlags, type JobCodeFlag } from '../../shared/permissions';
import type { ColumnSpec } from '../../shared/lists';
import { flag } from '../../shared/fields';

const jobCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z
    .string({ error: 'is required' })
    .min(1, { error: 'is required' })
    .max(20, { error: 'must be at most 20 characters' })
    .regex(/^[A-Z0-9_-]+$/, { error: 'may use letters, digits, dashes and underscores only' }),
);

const jobFlagFields = Object.fromEntries(jobCodeFlags.map((f) => [f, flag])) as Record<JobCodeFlag, typeof flag>;

export const accessInput = z.object({ jobCode, longName: text(120), ...jobFlagFields });
const jobCodeInput = z.object({ jobCode });
export type AccessInput = z.infer<typeof accessInput>;

const accessFilters = { query: optionalText(100).meta({ title: 'Search' }) };

const jobCodeRecord = z.object({
  jobCode: z.string(),
  longName: z.string(),
  userCount: z.number().int(),
  flags: z.array(z.enum(jobCodeFlags)),
});
export type JobCodeRecord = z.output<typeof jobCodeRecord>;
const jobCodeReply = z.object({ jobCode: z.string() });

/** Job codes and the access each grants, searched by code or name. */
export const loadAccessList = listContract({
  path: 'sandbox-access/load-access-list',
  filters: accessFilters,
  countKey: 'jobCodeCount',
  row: z.object({
    jobCode: z.string(),
    longName: z.string(),
    flags: z.array(z.enum(jobCodeFlags)),
    userCount: z.number().int(),
  }),
});
export const loadAccess = defineContract({
  path: 'sandbox-access/load-access',
  input: jobCodeInput,
  output: z.object({ jobCode: jobCodeRecord }),
});
export const addAccess = defineContract({
  path: 'sandbox-access/add-access',
  input: accessInput,
  output: jobCodeReply,
});
export const editAccess = defineContract({
  path: 'sandbox-access/edit-access',
  input: accessInput,
  output: jobCodeReply,
});
/** How many to name when a job code cannot be deleted because users hold it. */
export const HOLDERS_NAMED = 5;
/** Who holds a job code: the count of all holders and the names of a few within the caller's reach. */
export const loadHolders = defineContract({
  path: 'sandbox-access/load-holders',
  input: jobCodeInput,
  output: z.object({
    holderCount: z.number().int(),
    holders: z.array(z.object({ userId: z.number().int(), name: z.string(), username: z.string() })),
  }),
});
export const deleteAccess = defineContract({
  path: 'sandbox-access/delete-access',
  input: jobCodeInput,
  output: z.object({}),
});
/** Every job code for pickers (edit-user): code and name. */
export const jobCodeOptions = defineContract({
  path: 'sandbox-access/list-options',
  input: z.object({}),
  output: z.object({ jobCodes: z.array(z.object({ jobCode: z.string(), longName: z.string() })) }),
});

export const accessColumns: ColumnSpec[] = [
  { key: 'jobCode', label: 'Job code', sortable: true },
  { key: 'longName', label: 'Name', sortable: true },
  { key: 'flags', label: 'Access', format: 'list' },
  { key: 'userCount', label: 'Users', format: 'number' },
];
