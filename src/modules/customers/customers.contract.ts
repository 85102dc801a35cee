import { z } from 'zod';
import { choice, id, optionalChoice, optionalId, optionalText } from '../../shared/fields';
import type { ColumnSpec } from '../../shared/lists';
import { defineContract, listContract } from '../../shared/contract';

/** What a customer is known by (docs/customers.md): a phone in E.164, an email trimmed and lower-cased. */
export const customerKeyKinds = ['phone', 'email'] as const;
export type CustomerKeyKind = (typeof customerKeyKinds)[number];

/** The records of other modules that name a customer, as the triggers of migration 0044 link them. */
export const linkKinds = [
  'appraisal',
  'questionnaire',
  'quote',
  'purchase',
  'appointment',
  'repairOrder',
  'conversation',
  'contact',
] as const;
export type LinkKind = (typeof linkKinds)[number];

/** Each kind in words, one record and many, in the order the customer page shows them. */
export const linkKindLabels: Record<LinkKind, [string, string]> = {
  appraisal: ['Appraisal', 'Appraisals'],
  questionnaire: ['Questionnaire', 'Questionnaires'],
  quote: ['Quote', 'Quotes'],
  purchase: ['Purchase', 'Purchases'],
  appointment: ['Service appointment', 'Service appointments'],
  repairOrder: ['Repair order', 'Repair orders'],
  conversation: ['Conversation', 'Conversations'],
  contact: ['Contact', 'Contacts'],
};

/** The messenger's address of a conversation: the national number's first 10 digits and the store. */
export const conversationHref = (phone: string, locationId: number) =>
  `/messenger/?p=${phone.replace(/^\+1/, '').slice(0, 10)}&l=${locationId}`;

/** The list each kind is kept in, and the filter it is searched by: a section's "Show all". */
const kindLists: Record<LinkKind, { path: string; search: string }> = {
  appraisal: { path: '/clicklane/appraisals/', search: 'search' },
  questionnaire: { path: '/reports/vehicle-questionnaire/', search: 'query' },
  quote: { path: '/sales/quotes/', search: 'query' },
  purchase: { path: '/sales/purchases/', search: 'query' },
  appointment: { path: '/reports/service-appointments/', search: 'query' },
  repairOrder: { path: '/tools/repair-orders/', search: 'query' },
  conversation: { path: '/messenger/', search: 'filter' },
  contact: { path: '/messenger/', search: 'filter' },
};

/** Which kinds' lists find a record by its phone (the rest by the customer's name). */
const searchedByPhone: ReadonlySet<LinkKind> = new Set(['appraisal', 'questionnaire', 'appointment']);

/** A kind's own list, searched for the customer: by their phone's digits where that list searches phones, else by name. */
export function kindListHref(kind: LinkKind, customer: { name: string; phone: string }): string {
  const list = kindLists[kind];
  if (!list) return '';
  const term = searchedByPhone.has(kind) && customer.phone ? customer.phone.replace(/^\+1/, '') : (customer.name ?? '');
  return `${list.path}?${list.search}=${encodeURIComponent(term)}`;
}

/** The screen of one linked record: its own page where it has one, else its list searched for it. */
export function recordHref(link: {
  kind: LinkKind;
  recordId: number;
  locationId: number;
  name: string;
  phone: string;
}): string {
  switch (link.kind) {
    case 'appraisal':
      return `/clicklane/appraisals/vehicle?id=${link.recordId}`;
    case 'repairOrder':
      return `/tools/repair-orders/order?orderId=${link.recordId}`;
    case 'purchase':
      return `/sales/purchases/purchase?id=${link.recordId}`;
    case 'appointment':
      return `/reports/service-appointments/appointment?id=${link.recordId}`;
    case 'conversation':
    case 'contact':
      return link.phone ? conversationHref(link.phone, link.locationId) : kindListHref(link.kind, link);
    default:
      return kindListHref(link.kind, link);
  }
}

/** The address of the customer a record names, which the customer page resolves (docs/customers.md). */
export const customerOfHref = (kind: LinkKind, recordId: number) =>
  `/customers/customer?kind=${kind}&recordId=${recordId}`;

// ---------------------------------------------------------------------------------------------------
// The customer list

const customerFilters = {
  /** Part of a name, a phone (as typed, or its digits) or an email. */
  query: optionalText(80).meta({ title: 'Search' }),
  locationId: optionalId.meta({ title: 'Store' }),
};

export const customerColumns: ColumnSpec[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'phone', label: 'Phone', format: 'phone' },
  { key: 'email', label: 'Email' },
  { key: 'locationName', label: 'Store' },
  { key: 'lastSeenAt', label: 'Last seen', sortable: true, format: 'datetime' },
];

const customerRow = z.object({
  customerId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  lastSeenAt: z.string(),
});
export type CustomerRow = z.output<typeof customerRow>;

/** The customers within reach, last seen first; merged customers are not listed (the one kept is). */
export const loadCustomers = listContract({
  path: 'customers/load-customers',
  filters: customerFilters,
  row: customerRow,
  countKey: 'customerCount',
});

// ---------------------------------------------------------------------------------------------------
// One customer

const linkRow = z.object({
  linkId: z.number().int(),
  kind: z.enum(linkKinds),
  kindLabel: z.string(),
  recordId: z.number().int(),
  customerId: z.number().int().nullable(),
  name: z.string(),
  phone: z.string(),
  at: z.string(),
  summary: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  byHand: z.boolean(),
  /** The record's own screen. */
  href: z.string(),
});
export type LinkRow = z.output<typeof linkRow>;

export const linkColumns: ColumnSpec[] = [
  { key: 'at', label: 'Date', sortable: true, format: 'datetime' },
  { key: 'summary', label: 'Record' },
  { key: 'locationName', label: 'Store' },
];

/** A customer's records of one kind (or every kind), newest first: the tabs of the customer page. */
export const loadCustomerRecords = listContract({
  path: 'customers/load-records',
  filters: {
    customerId: optionalId.meta({ title: 'Customer' }),
    kind: optionalChoice(linkKinds).meta({ title: 'Kind' }),
  },
  row: linkRow,
  countKey: 'recordCount',
});

const text = z.object({
  messageId: z.number().int(),
  at: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  body: z.string(),
  locationName: z.string(),
  href: z.string(),
});
const call = z.object({
  callId: z.number().int(),
  at: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  status: z.string(),
  durationSeconds: z.number().int(),
  locationName: z.string(),
});
const candidate = z.object({
  customerId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  locationName: z.string(),
});

const customer = z.object({
  customerId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** Every phone and email they are known by (the first ones first). */
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  locationId: z.number().int(),
  locationName: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type Customer = z.output<typeof customer>;

/** Most texts and calls the page shows; "Show all" opens the messenger and the call log. */
export const RECENT_LIMIT = 10;
/** Counts past this are shown as "1,000+". */
export const COUNT_CAP = 1000;

export const loadCustomer = defineContract({
  path: 'customers/load-customer',
  input: z.object({ customerId: id }),
  output: z.object({
    customer,
    /** The customer asked for when it was merged into this one. */
    mergedFrom: z.number().int().nullable(),
    /** Records of each kind within reach, counted up to COUNT_CAP. */
    counts: z.array(z.object({ kind: z.enum(linkKinds), count: z.number().int() })),
    texts: z.array(text),
    calls: z.array(call),
    /** Other customers of the same name, and records that carry only that name: "Possibly the same person". */
    sameName: z.array(candidate),
    unlinked: z.array(linkRow),
  }),
});

/** The customer a record names (the links of the record screens), or none yet. */
export const findCustomerOf = defineContract({
  path: 'customers/find-customer-of',
  input: z.object({ kind: choice(linkKinds), recordId: id.meta({ title: 'Record' }) }),
  output: z.object({ customerId: z.number().int().nullable(), name: z.string() }),
});

export const RECORD_LINKED = 'The record is now on this customer.';
export const CUSTOMERS_MERGED = 'The customers are merged.';

/** A record that names the customer but carries no phone or email of theirs, linked by hand. */
export const linkRecord = defineContract({
  path: 'customers/link-record',
  input: z.object({ customerId: id, linkId: id.meta({ title: 'Record' }) }),
  output: z.object({ customerId: z.number().int(), linkId: z.number().int() }),
});

/** Two customers who are one person: `mergedId`'s records, phones and emails move to `customerId`. */
export const mergeCustomers = defineContract({
  path: 'customers/merge',
  input: z.object({
    customerId: id.meta({ title: 'Customer kept' }),
    mergedId: id.meta({ title: 'Customer merged' }),
  }),
  output: z.object({ customerId: z.number().int(), mergedId: z.number().int(), moved: z.number().int() }),
});
