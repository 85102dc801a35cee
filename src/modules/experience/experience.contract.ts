import { z } from 'zod';
import { id, optionalId, optionalText } from '../../shared/fields';
import { defineContract } from '../../shared/contract';

/** A CSV upload (a marketing list, a chat export): at most this many bytes. */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many entries (or file rows) in one list to clean. */
export const MAX_LIST_ENTRIES = 50_000;
/** At most this many leads in one import: one transaction, so a few thousand rows at most. */
export const MAX_LEAD_ROWS = 5_000;
/** Pasted text: a list or a chat export copied from a spreadsheet. */
const MAX_PASTED = 2_000_000;

const int = z.number().int();

/* ---------------------------------------------------------------- clean sold list */

/**
 * Seed 000: /api/actions/experience/clean-sold-list, "serialized form" → data.clean. Designed
 * (docs/experience.md): phone numbers and emails pasted (`list`, one per line or separated by
 * commas) or a CSV file (multipart `file`, with a Phone or Email column), checked against the sold
 * customers of one store (`locationId`) or of every store within reach (blank).
 */
const cleanSoldListInput = z.object({
  locationId: optionalId,
  list: optionalText(MAX_PASTED),
});

const removedEntry = z.object({
  /** The entry's place in the list (1 for the first), or its row in the file (2 for the first under the header). */
  row: int,
  entry: z.string(),
  customer: z.string(),
  locationName: z.string(),
});
const rejectedEntry = z.object({ row: int, entry: z.string(), reason: z.string() });

export const cleanSoldList = defineContract({
  path: 'experience/clean-sold-list',
  input: cleanSoldListInput,
  output: z.object({
    /** What is left, in the order given, each once: E.164 numbers and lower-cased emails. */
    clean: z.array(z.string()),
    /** The sold customers taken off, each once. */
    removed: z.array(removedEntry),
    removedCount: int,
    /** Entries that are neither a phone number nor an email, left out. */
    rejected: z.array(rejectedEntry),
    duplicates: int,
    /** The clean list to download: the file's own columns and rows for an upload, else one column. */
    csv: z.string(),
  }),
});

/* ---------------------------------------------------------------- chat leads */

/** The lead fields a chat export's columns are read into. */
export const leadFields = ['firstName', 'lastName', 'name', 'mobilePhone', 'email', 'chattedAt', 'message'] as const;
export type LeadField = (typeof leadFields)[number];
export const leadFieldLabels: Record<LeadField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  mobilePhone: 'Phone',
  email: 'Email',
  chattedAt: 'Date',
  message: 'Message',
};

/**
 * Seed 000: /api/actions/experience/import-gubagoo-leads, "serialized form" → data.clean. Designed
 * (docs/experience.md): the website chat's export as CSV, pasted (`leads`) or uploaded (multipart
 * `file`), into the contacts of one store.
 */
const leadsInput = z.object({
  locationId: id,
  leads: optionalText(MAX_PASTED),
});

const lead = z.object({
  row: int,
  firstName: z.string(),
  lastName: z.string(),
  mobilePhone: z.string().nullable(),
  email: z.string(),
  chattedAt: z.string().nullable(),
  message: z.string(),
  /** The store's contact it became or matched; before an import, the one it would match (null: a new one). */
  contactId: int.nullable(),
  contact: z.enum(['new', 'existing']),
});
export type Lead = z.output<typeof lead>;

const leadsReply = {
  /** The leads that can be imported (or were), normalised, in the file's order. */
  clean: z.array(lead),
  /** Rows that cannot be, with their row number (2 for the first under the header) and why. */
  rejected: z.array(z.object({ row: int, reason: z.string() })),
  /** Each column of the file and the lead field it was read as (null: not read). */
  columns: z.array(z.object({ header: z.string(), field: z.enum(leadFields).nullable() })),
  rowCount: int,
};

/** Reads an export and says what an import would do, changing nothing: the preview before importing. */
export const previewGubagooLeads = defineContract({
  path: 'experience/preview-gubagoo-leads',
  input: leadsInput,
  output: z.object(leadsReply),
});

export const importGubagooLeads = defineContract({
  path: 'experience/import-gubagoo-leads',
  input: leadsInput,
  output: z.object({
    ...leadsReply,
    /** Contacts made, contacts matched, chats recorded, and chats skipped as imported before. */
    addedCount: int,
    updatedCount: int,
    leadCount: int,
    alreadyCount: int,
  }),
});
