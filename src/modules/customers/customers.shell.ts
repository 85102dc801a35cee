import { and, asc, eq, isNull } from 'drizzle-orm';
import { defineFind } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { foundFields, matchesSearch } from '../../server/platform/search';
import { formatPhone } from '../../shared/format';
import { locations } from '../locations/locations.db';
import { customers } from './customers.db';
import { customerSearch, customerTerm } from './customers.server';

/** Customers in the command palette, by part of a name, email or phone (as typed or its digits), opening their page. */
export const findCustomers = defineFind({
  kind: 'customer',
  label: 'Customers',
  access: 'crmManager',
  query: ({ db, reach }, term, limit) =>
    db
      .select({
        found: foundFields({
          id: customers.id,
          name: customers.name,
          phone: customers.phone,
          email: customers.email,
          location: locations.name,
        }),
      })
      .from(customers)
      .innerJoin(locations, eq(locations.id, customers.locationId))
      .where(
        and(
          matchesSearch(customerSearch, customerTerm(term)),
          isNull(customers.mergedInto),
          withinReach(reach, customers.locationId),
        ),
      )
      .orderBy(asc(customers.name), asc(customers.id))
      .limit(limit),
  present: (r) => ({
    id: String(r.id),
    title: r.name || formatPhone(r.phone) || r.email,
    detail: [formatPhone(r.phone), r.email, r.location].filter(Boolean).join(' · '),
    href: `/customers/customer?id=${r.id}`,
  }),
});
