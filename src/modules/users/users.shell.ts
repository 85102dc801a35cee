import { and, asc, eq, or } from 'drizzle-orm';
import { defineFind } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { foundFields, matchesSearch } from '../../server/platform/search';
import { locations } from '../locations/locations.db';
import { users } from './users.db';
import { userSearch } from './users.server';

/** Users in the command palette, by name, username, email or id, for user admins. */
export const findUsers = defineFind({
  kind: 'user',
  label: 'Users',
  access: 'userAdmin',
  query({ db, reach }, term, limit) {
    const byId = /^\d{1,9}$/.test(term) ? eq(users.id, Number(term)) : undefined;
    return db
      .select({
        found: foundFields({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          location: locations.name,
        }),
      })
      .from(users)
      .leftJoin(locations, eq(locations.id, users.locationId))
      .where(
        and(
          byId ? or(byId, matchesSearch(userSearch, term)) : matchesSearch(userSearch, term),
          withinReach(reach, users.locationId),
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(limit);
  },
  present: (r) => ({
    id: String(r.id),
    title: `${r.firstName} ${r.lastName}`,
    detail: [r.username, r.location].filter(Boolean).join(' · '),
    href: `/users/edit?id=${r.id}`,
  }),
});
