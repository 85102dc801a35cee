import { z } from 'zod';
import { optionalText, text } from '../../shared/fields';
import { jobCodeFlags, type JobCodeFlag } from '../../shared/permissions';
import type { ColumnSpec } from '../../shared/lists';
import { flag } from '../../shared/fields';

const jobCode = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(20, { error: 'must be at most 20 characters' })
    .regex(/^[A-Z0-9_-]+$/, { error: 'may use letters, digits, dashes and underscores only' }));

const jobFlagFields = Object.fromEntries(jobCodeFlags.map((f) => [f, flag])) as Record<JobCodeFlag, typeof flag>;

export const accessInput = z.object({ jobCode, longName: text(120), ...jobFlagFields });
export const jobCodeInput = z.object({ jobCode });
export type AccessInput = z.infer<typeof accessInput>;

export const accessFilters = { query: optionalText(100) };

export interface JobCodeRecord { jobCode: string; longName: string; userCount: number; flags: JobCodeFlag[] }

export const accessColumns: ColumnSpec[] = [
  { key: 'jobCode', label: 'Job code', sortable: true },
  { key: 'longName', label: 'Name', sortable: true },
  { key: 'flags', label: 'Access', format: 'list' },
  { key: 'userCount', label: 'Users', format: 'number' },
];
