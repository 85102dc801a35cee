import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { defineListAction, equals } from '../../server/platform/lists';
import { containing } from '../../server/platform/search';
import { locations } from '../locations/locations.db';
import { contactTallies } from '../contacts/contacts.db';
import { loadMailingListReport, mailingListReportColumns, NEW_CONTACT_DAYS } from './marketing.contract';

/** A count of the store's tally, 0 for a store with no contacts yet (no tally row). */
const tallied = (count: SQL | AnyPgColumn) => sql<number>`coalesce(${count}, 0)`;

/**
 * Contacts the store added in the last 30 days: counted from contacts_location_created_idx alone, for
 * the page's stores only. It moves with the clock, so it is not in the tallies. Qualified by hand:
 * inside a subquery Drizzle would leave the outer table's column unqualified.
 */
const newContacts = sql<number>`(select count(*)::int from contacts c where c.location_id = locations.id
  and c.created_at >= now() - make_interval(days => ${sql.raw(String(NEW_CONTACT_DAYS))}))`;

defineListAction({
  contract: loadMailingListReport,
  summary:
    "The mailing-list report: each store's contacts, how many a text or an email reaches, how many bought and how many are new, by region or store.",
  permission: 'marketing',
  reach: locations.id,
  bench: () => [
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'region', filters: { region: 'New Mexico' } },
    { name: 'search', filters: { query: 'toy' } },
    { name: 'by region', filters: { sort: 'region' } },
  ],
  columns: mailingListReportColumns,
  sorts: { name: locations.name, region: locations.region },
  defaultSort: 'name',
  id: { key: 'locationId', column: locations.id },
  filters: {
    region: equals(locations.region),
    query: (term) => {
      const like = containing(term);
      return or(ilike(locations.name, like), ilike(locations.code, like));
    },
  },
  query: ({ db }) => ({
    select: db
      .select({
        locationId: locations.id,
        code: locations.code,
        name: locations.name,
        region: locations.region,
        active: locations.active,
        contactCount: tallied(contactTallies.contacts).as('contact_count'),
        textCount: tallied(sql`${contactTallies.phones} - ${contactTallies.optedOut}`).as('text_count'),
        // Unsubscribes are few: each is looked up among the store's contacts by contacts_email_idx.
        emailCount: sql<number>`${tallied(contactTallies.emails)} - (select count(*)::int from email_opt_outs o
          join contacts c on lower(c.email) = o.email where c.location_id = ${locations.id})`.as('email_count'),
        soldCount: tallied(contactTallies.sold).as('sold_count'),
        newCount: newContacts.as('new_count'),
      })
      .from(locations)
      .leftJoin(contactTallies, eq(contactTallies.locationId, locations.id))
      .$dynamic(),
  }),
});
