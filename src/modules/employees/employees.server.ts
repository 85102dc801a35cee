import { eq } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { defineListAction, equals, matches, yesNo } from '../../server/platform/lists';
import { AppError } from '../../server/platform/errors';
import { searchText } from '../../server/platform/search';
import { locations } from '../locations/locations.db';
import { employeeRecords, employees } from './employees.db';
import { employeeColumns, employeePhotoUrl, listDepartments, loadEmployee, loadEmployees } from './employees.contract';

/** Name, number, title and email, as the employees_search_idx trigram index holds them. */
export const employeeSearch = searchText(
  employees.firstName,
  employees.lastName,
  employees.employeeNumber,
  employees.title,
  employees.email,
);

const fields = {
  employeeNumber: employees.employeeNumber,
  firstName: employees.firstName,
  lastName: employees.lastName,
  title: employees.title,
  department: employees.department,
  locationId: employees.locationId,
  locationName: locations.name,
  primaryPhone: employees.primaryPhone,
  email: employees.email,
  hiredOn: employees.hiredOn,
  active: employees.active,
};

defineListAction({
  contract: loadEmployees,
  summary: 'The staff directory: search by name, number, title or email.',
  permission: 'signedIn',
  reach: employees.locationId,
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'search', filters: { query: 'maria' } },
    { name: 'deep', filters: {}, depth: 10 },
  ],
  columns: employeeColumns,
  sorts: { lastName: employees.lastName, employeeNumber: employees.employeeNumber },
  defaultSort: 'lastName',
  id: { key: 'employeeNumber', column: employees.employeeNumber },
  filters: {
    query: matches(employeeSearch),
    locationId: equals(employees.locationId),
    department: equals(employees.department),
    active: yesNo(employees.active),
  },
  query: ({ db }) => ({
    select: db.select(fields).from(employees).leftJoin(locations, eq(locations.id, employees.locationId)).$dynamic(),
  }),
});

defineAction({
  contract: loadEmployee,
  summary: 'One employee with their photo address.',
  permission: 'signedIn',
  reach: { employeeNumber: employeeRecords },
  readOnly: true,
  async handler({ db, input, services }) {
    const [row] = await db
      .select(fields)
      .from(employees)
      .leftJoin(locations, eq(locations.id, employees.locationId))
      .where(eq(employees.employeeNumber, input.employeeNumber));
    if (!row) throw AppError.notFound(`There is no employee number ${input.employeeNumber}.`);
    return { employee: { ...row, photoUrl: employeePhotoUrl(services.config.ASSETS_BASE_URL, row.employeeNumber) } };
  },
});

defineAction({
  contract: listDepartments,
  summary: 'The departments of the directory, for the filter.',
  permission: 'signedIn',
  reach: 'group',
  readOnly: true,
  async handler({ db }) {
    const rows = await db
      .selectDistinct({ department: employees.department })
      .from(employees)
      .orderBy(employees.department);
    return { departments: rows.map((r) => r.department).filter(Boolean) };
  },
});
