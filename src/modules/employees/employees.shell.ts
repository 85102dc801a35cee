import { and, asc, eq } from 'drizzle-orm';
import { defineFind } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { foundFields, matchesSearch } from '../../server/platform/search';
import { locations } from '../locations/locations.db';
import { employees } from './employees.db';
import { employeeSearch } from './employees.server';

/** Employees in the command palette, by name, employee number, title or email; the directory opens on them. */
export const findEmployees = defineFind({
  kind: 'employee',
  label: 'Employees',
  access: 'signedIn',
  query({ db, reach }, term, limit) {
    return db
      .select({
        found: foundFields({
          number: employees.employeeNumber,
          firstName: employees.firstName,
          lastName: employees.lastName,
          title: employees.title,
          location: locations.name,
        }),
      })
      .from(employees)
      .leftJoin(locations, eq(locations.id, employees.locationId))
      .where(and(matchesSearch(employeeSearch, term), withinReach(reach, employees.locationId)))
      .orderBy(asc(employees.lastName), asc(employees.employeeNumber))
      .limit(limit);
  },
  present: (r) => ({
    id: r.number,
    title: `${r.firstName} ${r.lastName}`,
    detail: [r.title, r.location, `No. ${r.number}`].filter(Boolean).join(' · '),
    href: `/employees/?query=${encodeURIComponent(r.number)}`,
  }),
});
