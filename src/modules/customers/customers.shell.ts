import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { defineFind } from '../../server/platform/modules';
import { withinReach } from '../../server/platform/reach';
import { foundFields } from '../../server/platform/search';
import { joinWords, wordSearchOf, wordsMatch } from '../../server/platform/words';
import { formatPhone } from '../../shared/format';
import { locations } from '../locations/locations.db';
import { customers, customerWords } from './customers.db';
import { customerSearch, customerTerm } from './customers.server';

/**
 * Customers in the command palette, by the start of the words of a name, email or phone (as typed or
 * its digits), the most recently seen first, opening their page.
 */
export const findCustomers = defineFind({
  kind: 'customer',
  label: 'Customers',
  access: 'crmManager',
  query: ({ db, reach }, term, limit) => {
    const match = wordsMatch(customerSearch, customerTerm(term));
    const select = db
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
      .$dynamic();
    const search = wordSearchOf(match);
    if (!search) return select.where(sql`false`);
    // Newest first, by the words' copies: PostgreSQL reads the typed word's own rows in that order.
    const order = [desc(customerWords.lastSeenAt), desc(customerWords.customerId)];
    return joinWords(select, search, order)
      .where(and(match, isNull(customers.mergedInto), withinReach(reach, customerWords.locationId)))
      .orderBy(...order)
      .limit(limit);
  },
  present: (r) => ({
    id: String(r.id),
    title: r.name || formatPhone(r.phone) || r.email,
    detail: [formatPhone(r.phone), r.email, r.location].filter(Boolean).join(' · '),
    href: `/customers/customer?id=${r.id}`,
  }),
});
