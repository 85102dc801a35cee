import { and, asc, or, sql } from 'drizzle-orm';
import type { FindSource } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { containing } from '../../server/platform/search';
import { locations } from './locations.db';

/** Locations in the command palette, by name or code. */
export const findLocations: FindSource = {
  kind: 'location',
  label: 'Locations',
  access: 'signedIn',
  async find({ db, reach }, term, limit) {
    const rows = await db.select({ id: locations.id, name: locations.name, code: locations.code, city: locations.city, active: locations.active })
      .from(locations)
      .where(and(or(sql`lower(${locations.name}) like ${containing(term)}`, sql`lower(${locations.code}) = ${term}`), withinReach(reach, locations.id)))
      .orderBy(asc(locations.name)).limit(limit);
    return rows.map((r) => ({
      id: String(r.id), title: r.name, detail: [r.code, r.city, r.active ? '' : 'inactive'].filter(Boolean).join(' · '), href: `/locations/edit?id=${r.id}`,
    }));
  },
};
