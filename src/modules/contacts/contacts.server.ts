import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toE164, typedNumber } from '../../server/platform/phone';
import { defineListAction, equals, labelOf, matches, yesNo } from '../../server/platform/lists';
import { matchesSearch, startingWith } from '../../server/platform/search';
import { withinReach } from '../../server/platform/reach';
import { locations } from '../locations/locations.db';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { insertRecord, loadRecord, refusingDuplicate } from '../../server/platform/records';
import { formatPhone } from '../../shared/format';
import { locationRecords } from '../locations/locations.db';
import { contactName, contactRecords, contacts } from './contacts.db';
import {
  addContact,
  CONTACT_OPTIONS_DEFAULT,
  contactOptions,
  loadMailingList,
  MAILING_LIST_EXPORT_LIMIT,
  mailingListColumns,
  sourceLabels,
} from './contacts.contract';

defineAction({
  contract: addContact,
  summary: "Adds a customer to a store's contacts: a mobile number, an email, or both.",
  permission: 'messenger',
  reach: {},
  async handler(ctx) {
    const { input } = ctx;
    const location = await loadRecord(ctx, locationRecords, input.locationId);
    const mobilePhone = input.mobilePhone ? toE164(input.mobilePhone) : null;
    if (input.mobilePhone && !mobilePhone)
      throw AppError.invalid('Mobile phone must be a phone number such as (505) 555-0142.', ['mobilePhone']);
    const contact = await refusingDuplicate(
      () =>
        insertRecord(ctx, contactRecords, {
          locationId: input.locationId,
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          mobilePhone,
          email: input.email ?? '',
          source: 'staff',
        }),
      () =>
        AppError.conflict(`${location.name} already has a contact with the number ${formatPhone(mobilePhone ?? '')}.`, [
          'mobilePhone',
        ]),
    );
    return { contactId: contact.id };
  },
});

// Qualified by hand: inside a subquery Drizzle would leave the outer table's column unqualified. A
// scalar subquery, looked up by the opt-outs' key for each row read: as EXISTS, PostgreSQL hashed all
// 15,000 opt-outs on every page to mark its 100 rows (3.4 of the mailing list's 4.2 ms).
const optedOut = sql<boolean>`coalesce((select true from opt_outs o where o.phone_number = contacts.mobile_phone), false)`;

defineListAction({
  contract: loadMailingList,
  summary:
    "A store's contacts to market to, by name, who a text or email reaches, source and whether they bought; also the CSV export.",
  permission: 'marketing',
  reach: contacts.locationId,
  export: { filename: 'mailing-list', defaultLimit: MAILING_LIST_EXPORT_LIMIT },
  columns: mailingListColumns,
  sorts: { lastName: contacts.lastName, createdAt: contacts.createdAt },
  defaultSort: 'lastName',
  id: { key: 'contactId', column: contacts.id },
  bench: (s) => [
    { name: 'all', filters: {} },
    { name: "all, a region's user", filters: {}, regional: true },
    { name: 'location', filters: { locationId: s.locationId } },
    { name: 'location, by text', filters: { locationId: s.locationId, reach: 'text' } },
    { name: 'newest', filters: { sort: 'createdAt', dir: 'desc' } },
    { name: 'search', filters: { query: 'garcia' } },
  ],
  filters: {
    locationId: equals(contacts.locationId),
    query: matches(contacts.search),
    // Who a text or an email reaches: a number or an address, not opted out.
    reach: (by) =>
      by === 'text'
        ? sql`${contacts.mobilePhone} is not null and not ${optedOut}`
        : sql`${contacts.email} <> '' and not exists (select 1 from email_opt_outs o where o.email = lower(${contacts.email}))`,
    source: equals(contacts.source),
    sold: yesNo(contacts.sold),
  },
  query: ({ db }) => ({
    select: db
      .select({
        contactId: contacts.id,
        locationId: contacts.locationId,
        locationName: locations.name,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        mobilePhone: contacts.mobilePhone,
        email: contacts.email,
        source: contacts.source,
        sourceLabel: labelOf(contacts.source, sourceLabels).as('source_label'),
        sold: contacts.sold,
        optedOut: optedOut.as('opted_out'),
        autopilot: contacts.autopilot,
        createdAt: contacts.createdAt,
      })
      .from(contacts)
      .innerJoin(locations, eq(locations.id, contacts.locationId))
      .$dynamic(),
  }),
});

/** Digits typed before a search is a number's (an area code and an exchange), not part of a name. */
const NUMBER_DIGITS = 3;

defineAction({
  contract: contactOptions,
  summary:
    "Contacts for pickers: a store's contacts by name, email or the start of their number (search), or those with the given ids.",
  permission: 'messenger',
  reach: 'query',
  readOnly: true,
  async handler({ db, input, user }) {
    const where: (SQL | undefined)[] = [withinReach(user.reach, contacts.locationId)];
    if (input.ids.length) where.push(inArray(contacts.id, input.ids));
    if (input.locationId) where.push(eq(contacts.locationId, input.locationId));
    const term = input.search?.trim();
    if (term && !input.ids.length) {
      const digits = typedNumber(term, NUMBER_DIGITS);
      // A US number typed from its area code (or with its 1); with a store, read from the store's (location, number) index.
      where.push(
        digits
          ? sql`${contacts.mobilePhone} like ${startingWith(`+1${digits.replace(/^1(?=\d{3})/, '')}`)}`
          : matchesSearch(contacts.search, term),
      );
    }
    const rows = await db
      .select({
        id: contacts.id,
        name: sql<string>`coalesce(nullif(${contactName}, ''), ${contacts.mobilePhone}, ${contacts.email})`,
        mobilePhone: contacts.mobilePhone,
        email: contacts.email,
        locationId: contacts.locationId,
      })
      .from(contacts)
      .where(and(...where))
      // By last name, read from contacts_location_name_idx (or contacts_name_idx) in this order.
      .orderBy(asc(contacts.lastName), asc(contacts.id))
      .limit(input.ids.length || (input.limit ?? CONTACT_OPTIONS_DEFAULT));
    return { contacts: rows };
  },
});
