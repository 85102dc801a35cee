import { and, asc, or, sql } from 'drizzle-orm';
import { defineFind } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { containing, foundFields } from '../../server/platform/search';
import { locations } from './locations.db';

/** Locations in the command palette, by name or code. */
export const findLocations = defineFind({
  kind: 'location',
  label: 'Locations',
  access: 'signedIn',
  query({ db, reach }, term, limit) {
    return db
      .select({
        found: foundFields({
          id: locations.id,
          name: locations.name,
          code: locations.code,
          city: locations.city,
          active: locations.active,
        }),
      })
      .from(locations)
      .where(
        and(
          or(sql`lower(${locations.name}) like ${containing(term)}`, sql`lower(${locations.code}) = ${term}`),
          withinReach(reach, locations.id),
        ),
      )
      .orderBy(asc(locations.name))
      .limit(limit);
  },
  present: (r) => ({
    id: String(r.id),
    title: r.name,
    detail: [r.code, r.city, r.active ? '' : 'inactive'].filter(Boolean).join(' · '),
    href: `/locations/edit?id=${r.id}`,
  }),
});
