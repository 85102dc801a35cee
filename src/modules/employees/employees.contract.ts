import { z } from 'zod';
import { optionalId, optionalText, yesNo } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

const employeeFilters = {
  query: optionalText(100).meta({ title: 'Search' }),
  locationId: optionalId,
  department: optionalText(60),
  active: yesNo.meta({ title: 'Status' }),
};
const employeeNumberInput = z.object({
  employeeNumber: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'is required' }).regex(/^[A-Za-z0-9-]{1,20}$/, { error: 'must be an employee number' }),
  ),
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

const employeeRow = z.object({
  employeeNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string(),
  department: z.string(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  primaryPhone: z.string(),
  email: z.string(),
  hiredOn: z.string().nullable(),
  active: z.boolean(),
});
const employee = employeeRow.extend({ photoUrl: z.string() });
export type Employee = z.output<typeof employee>;

/** The staff directory: search by name, number, title or email. */
export const loadEmployees = listContract({
  path: 'employees/load-employees',
  filters: employeeFilters,
  row: employeeRow,
  countKey: 'employeeCount',
});
/** One employee with their photo address. */
export const loadEmployee = defineContract({
  path: 'employees/load-employee',
  input: employeeNumberInput,
  output: z.object({ employee }),
});
/** The departments of the directory, for the filter. */
export const listDepartments = defineContract({
  path: 'employees/list-departments',
  input: z.object({}),
  output: z.object({ departments: z.array(z.string()) }),
});

/** The photo of an employee lives on the static assets host, keyed by employee number. */
export function employeePhotoUrl(assetsBaseUrl: string, employeeNumber: string): string {
  return `${assetsBaseUrl.replace(/\/$/, '')}/employees/${encodeURIComponent(employeeNumber)}.jpg`;
}
