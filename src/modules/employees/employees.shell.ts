import { and, asc, eq } from 'drizzle-orm';
import type { FindSource } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { matchesSearch } from '../../server/platform/search';
import { locations } from '../locations/locations.db';
import { employees } from './employees.db';
import { employeeSearch } from './employees.server';

/** Employees in the command palette, by name, employee number, title or email; the directory opens on them. */
export const findEmployees: FindSource = {
  kind: 'employee',
  label: 'Employees',
  access: 'signedIn',
  async find({ db, reach }, term, limit) {
    const rows = await db.select({ number: employees.employeeNumber, firstName: employees.firstName, lastName: employees.lastName, title: employees.title, location: locations.name })
      .from(employees).leftJoin(locations, eq(locations.id, employees.locationId))
      .where(and(matchesSearch(employeeSearch, term), withinReach(reach, employees.locationId)))
      .orderBy(asc(employees.lastName), asc(employees.employeeNumber)).limit(limit);
    return rows.map((r) => ({
      id: r.number, title: `${r.firstName} ${r.lastName}`, detail: [r.title, r.location, `No. ${r.number}`].filter(Boolean).join(' · '),
      href: `/employees/?query=${encodeURIComponent(r.number)}`,
    }));
  },
};
