import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { defineFind } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { foundFields } from '../../server/platform/search';
import { joinWords, wordsMatch } from '../../server/platform/words';
import { formatPhone } from '../../shared/format';
import { locations } from '../locations/locations.db';
import { customers } from './customers.db';
import { customerSearch, customerTerm } from './customers.server';

/**
 * Customers in the command palette, by the start of the words of a name, email or phone (as typed or
 * its digits), the most recently seen first, opening their page.
 */
export const findCustomers = defineFind({
  kind: 'customer',
  label: 'Customers',
  access: 'crmManager',
  query: ({ db, reach }, term, limit) =>
    joinWords(
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
        .$dynamic(),
      customerSearch,
    )
      .where(
        and(
          wordsMatch(customerSearch, customerTerm(term)) ?? sql`false`,
          isNull(customers.mergedInto),
          withinReach(reach, customers.locationId),
        ),
      )
      .orderBy(desc(customers.lastSeenAt), desc(customers.id))
      .limit(limit),
  present: (r) => ({
    id: String(r.id),
    title: r.name || formatPhone(r.phone) || r.email,
    detail: [formatPhone(r.phone), r.email, r.location].filter(Boolean).join(' · '),
    href: `/customers/customer?id=${r.id}`,
  }),
});
