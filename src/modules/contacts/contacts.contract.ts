import { z } from 'zod';
import {
  id,
  int,
  list,
  optionalChoice,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalText,
  yesNo,
} from '../../shared/fields';
import { defineContract, listContract } from '../../shared/contract';
import type { ColumnSpec } from '../../shared/lists';

/** How a contact came to the store (docs/messenger.md). */
export const contactSources = ['staff', 'text', 'import', 'chat'] as const;
export type ContactSource = (typeof contactSources)[number];

/** contacts/add-contact (seed 001: the form; replies success): a mobile number or an email, or both. */
const contactInput = z
  .object({
    locationId: id,
    firstName: optionalText(60),
    lastName: optionalText(60),
    mobilePhone: optionalPhone,
    email: optionalEmail,
  })
  .refine((c) => c.mobilePhone || c.email, { error: 'needs a mobile phone or an email', path: ['mobilePhone'] });
export type ContactInput = z.infer<typeof contactInput>;

export const addContact = defineContract({
  path: 'contacts/add-contact',
  input: contactInput,
  output: z.object({ contactId: z.number().int() }),
});

export const sourceLabels: Record<ContactSource, string> = {
  staff: 'Added by staff',
  text: 'Texted the store',
  import: 'Imported',
  chat: 'Website chat',
};
const MAILING_LIST_EXPORT = '/tools/mailing-list/export';
/** What the export sends when the caller names no limit. */
export const MAILING_LIST_EXPORT_LIMIT = 10_000;

/**
 * The mailing list (seed 000: /experience/contacts/mailing-list, filters in the query string;
 * messenger/load-mailing-list → contactCount, html): a store's contacts to market to. `reach`: who a
 * send would reach by text (a mobile number, not opted out) or by email; `sold`: customers who
 * bought, or not.
 */
const mailingListFilters = {
  locationId: optionalId,
  query: optionalText(100).meta({ title: 'Search' }),
  reach: optionalChoice(['text', 'email'], 'must be text or email').meta({ title: 'Reached by' }),
  source: optionalChoice(contactSources),
  sold: yesNo.meta({ title: 'Bought from us' }),
};
export const mailingListColumns: ColumnSpec[] = [
  { key: 'lastName', label: 'Last name', sortable: true },
  { key: 'firstName', label: 'First name' },
  { key: 'mobilePhone', label: 'Mobile phone', format: 'phone' },
  { key: 'email', label: 'Email' },
  { key: 'locationName', label: 'Location' },
  { key: 'sourceLabel', label: 'Source' },
  { key: 'sold', label: 'Sold', format: 'flag' },
  { key: 'optedOut', label: 'Opted out', format: 'flag' },
  { key: 'createdAt', label: 'Added', format: 'date', sortable: true },
];
const mailingRow = z.object({
  contactId: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobilePhone: z.string().nullable(),
  email: z.string(),
  source: z.enum(contactSources),
  sourceLabel: z.string(),
  sold: z.boolean(),
  optedOut: z.boolean(),
  autopilot: z.boolean(),
  createdAt: z.string(),
});
export type MailingRow = z.output<typeof mailingRow>;
export const loadMailingList = listContract({
  path: 'messenger/load-mailing-list',
  filters: mailingListFilters,
  row: mailingRow,
  countKey: 'contactCount',
  exportRoute: MAILING_LIST_EXPORT,
});

/** contacts/list-options: how many contacts a picker gets at most, and by default. */
const CONTACT_OPTIONS_MAX = 50;
export const CONTACT_OPTIONS_DEFAULT = 20;

/**
 * A picker's question (the notification-group form): a store's contacts whose name or email contains
 * `search`, or whose mobile number starts with the digits typed; or, with `ids`, the contacts
 * already chosen, to show their names.
 */
const contactOptionsInput = z.object({
  search: optionalText(100),
  locationId: optionalId,
  ids: list(id, CONTACT_OPTIONS_MAX),
  limit: z.preprocess((v) => (v === '' || v === null ? undefined : v), int(1, CONTACT_OPTIONS_MAX).optional()),
});

/** A contact as pickers show them: a name (or the number, for one not named) and how to reach them. */
const contactOption = z.object({
  id: z.number().int(),
  name: z.string(),
  mobilePhone: z.string().nullable(),
  email: z.string(),
  locationId: z.number().int(),
});
export type ContactOption = z.output<typeof contactOption>;
export const contactOptions = defineContract({
  path: 'contacts/list-options',
  input: contactOptionsInput,
  output: z.object({ contacts: z.array(contactOption) }),
});
