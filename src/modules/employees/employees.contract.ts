import { z } from 'zod';
import { optionalId, optionalText } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';

export const employeeFilters = {
  query: optionalText(100),
  locationId: optionalId,
  department: optionalText(60),
  active: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['1', '0'], { error: 'must be 1 or 0' }).optional()),
};
export const employeeNumberInput = z.object({
  employeeNumber: z.preprocess((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'is required' }).regex(/^[A-Za-z0-9-]{1,20}$/, { error: 'must be an employee number' })),
});

export const employeeColumns: ColumnSpec[] = [
  { key: 'employeeNumber', label: 'Number', sortable: true },
  { key: 'lastName', label: 'Last name', sortable: true },
  { key: 'firstName', label: 'First name' },
  { key: 'title', label: 'Title' },
  { key: 'department', label: 'Department' },
  { key: 'locationName', label: 'Location' },
  { key: 'primaryPhone', label: 'Phone', format: 'phone' },
  { key: 'email', label: 'Email' },
];

export interface Employee {
  employeeNumber: string; firstName: string; lastName: string; title: string; department: string;
  locationId: number | null; locationName: string | null; primaryPhone: string; email: string;
  hiredOn: string | null; active: boolean; photoUrl: string;
}

/** The photo of an employee lives on the static assets host, keyed by employee number. */
export function employeePhotoUrl(assetsBaseUrl: string, employeeNumber: string): string {
  return `${assetsBaseUrl.replace(/\/$/, '')}/employees/${encodeURIComponent(employeeNumber)}.jpg`;
}
