/**
 * The sold-list cleaning and the website chat's lead import (seed 000: experience/clean-sold-list,
 * experience/import-gubagoo-leads). docs/experience.md.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../server/db/client';
import { defineAction, type UploadedFile } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { toE164 } from '../../server/platform/phone';
import { withinReach } from '../../server/platform/reach';
import { loadRecord, refusingDuplicate } from '../../server/platform/records';
import { email as emailField } from '../../shared/fields';
import { contacts } from '../contacts/contacts.db';
import { locationRecords, locations } from '../locations/locations.db';
import { cellsOf, detectColumns, joinedForAny, parseChatDate, readCsv, sourceOf, type CsvRow } from './csv.server';
import { chatLeads } from './experience.db';
import {
  cleanSoldList,
  CSV_MAX_BYTES,
  importGubagooLeads,
  MAX_LEAD_ROWS,
  MAX_LIST_ENTRIES,
  previewGubagooLeads,
  type Lead,
  type LeadField,
} from './experience.contract';

const asEmail = (value: string): string | null => {
  const parsed = emailField.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const anyOf = (column: SQL | typeof contacts.mobilePhone, values: string[]) =>
  sql`${column} = any(string_to_array(${joinedForAny(values)}, E'\\n'))`;
const lowerEmail = sql`lower(${contacts.email})`;
const customerName = sql<string>`trim(${contacts.firstName} || ' ' || ${contacts.lastName})`;

/* ---------------------------------------------------------------- clean sold list */

/** One person of the list: an entry pasted, or a row of the file with its cells. */
interface ListEntry {
  row: number;
  entry: string;
  phone: string | null;
  email: string | null;
  cells?: string[];
  reason?: string;
}

/** Entries pasted: one per line or separated by commas or semicolons, each a phone number or an email. */
function pastedEntries(text: string): ListEntry[] {
  const pieces = text
    .split(/[\n,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (pieces.length > MAX_LIST_ENTRIES)
    throw AppError.invalid(`List must have at most ${MAX_LIST_ENTRIES.toLocaleString('en-US')} entries.`, ['list']);
  return pieces.map((piece, i) => {
    const isEmail = piece.includes('@');
    const phone = isEmail ? null : toE164(piece);
    const email = isEmail ? asEmail(piece) : null;
    const reason = phone || email ? undefined : isEmail ? 'not an email address' : 'not a phone number or an email';
    return { row: i + 1, entry: phone ?? email ?? piece, phone, email, reason };
  });
}

/** Rows of an uploaded list: its Phone and Email columns are read; the other columns go along as they are. */
function fileEntries(rows: CsvRow[], label: string): { header: string[]; entries: ListEntry[] } {
  const [head, ...body] = rows;
  const columns = detectColumns(head?.cells ?? []);
  const phoneAt = columns.indexOf('mobilePhone');
  const emailAt = columns.indexOf('email');
  if (phoneAt < 0 && emailAt < 0)
    throw AppError.invalid(`${label} has no Phone or Email column: name the columns in its first row.`, ['file']);
  if (body.length > MAX_LIST_ENTRIES)
    throw AppError.invalid(`${label} must have at most ${MAX_LIST_ENTRIES.toLocaleString('en-US')} rows.`, ['file']);
  const entries = body.map(({ row, cells }) => {
    const typedPhone = phoneAt >= 0 ? (cells[phoneAt] ?? '') : '';
    const typedEmail = emailAt >= 0 ? (cells[emailAt] ?? '') : '';
    const phone = typedPhone ? toE164(typedPhone) : null;
    const email = typedEmail ? asEmail(typedEmail) : null;
    const reason =
      phone || email ? undefined : typedPhone || typedEmail ? 'not a phone number or an email' : 'no phone or email';
    return {
      row,
      entry: phone ?? email ?? ([typedPhone, typedEmail].filter(Boolean).join(' ') || '(blank)'),
      phone,
      email,
      cells,
      reason,
    };
  });
  return { header: head.cells, entries };
}

defineAction({
  contract: cleanSoldList,
  summary:
    'Takes the customers who bought (sold contacts of a store, or of every store within reach) off a list of phone numbers and emails, pasted or a CSV file.',
  permission: 'marketing',
  reach: 'query',
  readOnly: true,
  maxFileBytes: CSV_MAX_BYTES,
  async handler(ctx) {
    const { db, input, files, user } = ctx;
    if (input.locationId) await loadRecord(ctx, locationRecords, input.locationId);
    const source = sourceOf(files, input.list, 'list', 'List');
    const fromFile = source.field === 'file';
    const { header, entries } = fromFile
      ? fileEntries(readCsv(source), source.label)
      : { header: ['Phone or email'], entries: pastedEntries(source.text) };

    const { unique, rejected, duplicates } = eachPersonOnce(entries);

    const sold = await soldCustomers(
      db,
      unique,
      input.locationId ? eq(contacts.locationId, input.locationId) : withinReach(user.reach, contacts.locationId),
    );
    const { clean, kept, removed } = withoutSold(unique, sold);
    const csv = stringify([header, ...kept]);
    return { clean, removed, removedCount: removed.length, rejected, duplicates, csv };
  },
});

/** Each person once: a later entry sharing a number or an email with an earlier one is a duplicate; entries with neither are rejected. */
function eachPersonOnce(entries: ListEntry[]) {
  const seen = new Set<string>();
  const unique: ListEntry[] = [];
  const rejected: { row: number; entry: string; reason: string }[] = [];
  let duplicates = 0;
  for (const e of entries) {
    if (e.reason) {
      rejected.push({ row: e.row, entry: e.entry, reason: e.reason });
      continue;
    }
    const keys = [e.phone, e.email].filter((k): k is string => Boolean(k));
    if (keys.some((k) => seen.has(k))) {
      duplicates++;
      continue;
    }
    keys.forEach((k) => seen.add(k));
    unique.push(e);
  }
  return { unique, rejected, duplicates };
}

/** The entries whose number or email no sold customer has (the clean list and its rows), and those taken off. */
function withoutSold(entries: ListEntry[], sold: Map<string, { customer: string; locationName: string }>) {
  const clean: string[] = [];
  const kept: string[][] = [];
  const removed: { row: number; entry: string; customer: string; locationName: string }[] = [];
  for (const e of entries) {
    const key = [e.phone, e.email].find((k) => k && sold.has(k));
    if (key) {
      const who = sold.get(key)!;
      removed.push({ row: e.row, entry: key, customer: who.customer || key, locationName: who.locationName });
      continue;
    }
    if (e.phone) clean.push(e.phone);
    if (e.email) clean.push(e.email);
    kept.push(e.cells ?? [e.entry]);
  }
  return { clean, kept, removed };
}

/** The sold customers among the entries' numbers and emails, by number or email, within `where`. */
async function soldCustomers(db: Db, entries: ListEntry[], where: SQL | undefined) {
  const phones = entries.flatMap((e) => (e.phone ? [e.phone] : []));
  const emails = entries.flatMap((e) => (e.email ? [e.email] : []));
  const found = new Map<string, { customer: string; locationName: string }>();
  if (!phones.length && !emails.length) return found;
  const matches = [
    phones.length ? anyOf(contacts.mobilePhone, phones) : undefined,
    emails.length ? anyOf(lowerEmail, emails) : undefined,
  ];
  const rows = await db
    .select({
      phone: contacts.mobilePhone,
      email: lowerEmail.mapWith(String),
      customer: customerName,
      locationName: locations.name,
    })
    .from(contacts)
    .innerJoin(locations, eq(locations.id, contacts.locationId))
    .where(and(eq(contacts.sold, true), where, or(...matches)))
    .orderBy(contacts.id);
  for (const r of rows) {
    const who = { customer: r.customer, locationName: r.locationName };
    if (r.phone && !found.has(r.phone)) found.set(r.phone, who);
    if (r.email && !found.has(r.email)) found.set(r.email, who);
  }
  return found;
}

/* ---------------------------------------------------------------- chat leads */

const NAME_MAX = 60;
const MESSAGE_MAX = 10_000;

/** "Maria Garcia" or "Garcia, Maria" in one column, as first and last name. */
function splitName(name: string): [string, string] {
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) return [comma[2], comma[1]];
  const at = name.lastIndexOf(' ');
  return at < 0 ? [name, ''] : [name.slice(0, at), name.slice(at + 1)];
}

interface ReadLeads {
  columns: { header: string; field: LeadField | null }[];
  leads: Omit<Lead, 'contactId' | 'contact'>[];
  rejected: { row: number; reason: string }[];
  rowCount: number;
  source: { field: string; label: string };
}

/** The export's rows as leads, each checked; the rows that are not, with their number and why. */
function readLeads(files: UploadedFile[], pasted: string | undefined, timeZone: string): ReadLeads {
  const source = sourceOf(files, pasted, 'leads', 'Leads');
  const [head, ...body] = readCsv(source);
  const fields = detectColumns(head?.cells ?? []);
  if (!fields.includes('mobilePhone') && !fields.includes('email')) {
    throw AppError.invalid(
      `${source.label} has no Phone or Email column: its first row names the columns, such as First name, Last name, Phone, Email, Date, Message.`,
      [source.field],
    );
  }
  if (body.length === 0) throw AppError.invalid(`${source.label} has no leads under its first row.`, [source.field]);
  if (body.length > MAX_LEAD_ROWS)
    throw AppError.invalid(
      `${source.label} must have at most ${MAX_LEAD_ROWS.toLocaleString('en-US')} leads; import it in parts.`,
      [source.field],
    );

  const leads: ReadLeads['leads'] = [];
  const rejected: ReadLeads['rejected'] = [];
  for (const { row, cells: raw } of body) {
    const cells = cellsOf(raw, fields);
    const [first, last] = cells.firstName || cells.lastName ? [cells.firstName, cells.lastName] : splitName(cells.name);
    const mobilePhone = cells.mobilePhone ? toE164(cells.mobilePhone) : null;
    const email = cells.email ? asEmail(cells.email) : null;
    const chattedAt = cells.chattedAt ? parseChatDate(cells.chattedAt, timeZone) : null;
    const problems = [
      !cells.mobilePhone && !cells.email && 'No phone or email.',
      cells.mobilePhone && !mobilePhone && `Phone "${cells.mobilePhone}" is not a phone number.`,
      cells.email && !email && `Email "${cells.email}" is not an email address.`,
      cells.chattedAt &&
        !chattedAt &&
        `Date "${cells.chattedAt}" is not a date such as 2026-03-14 15:22 or 3/14/2026 3:22 PM.`,
      first.length > NAME_MAX && `First name is longer than ${NAME_MAX} characters.`,
      last.length > NAME_MAX && `Last name is longer than ${NAME_MAX} characters.`,
      cells.message.length > MESSAGE_MAX && `Message is longer than ${MESSAGE_MAX.toLocaleString('en-US')} characters.`,
    ].filter((p): p is string => Boolean(p));
    if (problems.length) rejected.push({ row, reason: problems.join(' ') });
    else
      leads.push({
        row,
        firstName: first,
        lastName: last,
        mobilePhone,
        email: email ?? '',
        chattedAt: chattedAt?.toISOString() ?? null,
        message: cells.message,
      });
  }
  return {
    columns: (head?.cells ?? []).map((header, i) => ({ header, field: fields[i] })),
    leads,
    rejected,
    rowCount: body.length,
    source,
  };
}

/** A lead's customer: by number, or by email when the chat left no number. */
const personKey = (lead: { mobilePhone: string | null; email: string }) => lead.mobilePhone ?? `email:${lead.email}`;

/** The store's contacts the leads match, by person. */
async function matchContacts(db: Db, locationId: number, leads: ReadLeads['leads']) {
  const phones = [...new Set(leads.flatMap((l) => (l.mobilePhone ? [l.mobilePhone] : [])))];
  const emails = [...new Set(leads.flatMap((l) => (!l.mobilePhone ? [l.email] : [])))];
  const found = new Map<string, number>();
  if (!phones.length && !emails.length) return found;
  const rows = await db
    .select({ id: contacts.id, phone: contacts.mobilePhone, email: lowerEmail.mapWith(String) })
    .from(contacts)
    .where(
      and(
        eq(contacts.locationId, locationId),
        or(
          phones.length ? anyOf(contacts.mobilePhone, phones) : undefined,
          emails.length ? anyOf(lowerEmail, emails) : undefined,
        ),
      ),
    )
    .orderBy(contacts.id);
  for (const r of rows) {
    if (r.phone && !found.has(r.phone)) found.set(r.phone, r.id);
    const byEmail = `email:${r.email}`;
    if (r.email && !found.has(byEmail)) found.set(byEmail, r.id);
  }
  return found;
}

defineAction({
  contract: previewGubagooLeads,
  summary:
    'Reads a website chat export (CSV) and shows what importing it into a store would do: its columns, its leads, the rows that cannot be imported. Changes nothing.',
  permission: 'marketing',
  reach: {},
  readOnly: true,
  maxFileBytes: CSV_MAX_BYTES,
  async handler(ctx) {
    const location = await loadRecord(ctx, locationRecords, ctx.input.locationId);
    const { columns, leads, rejected, rowCount } = readLeads(ctx.files, ctx.input.leads, location.timeZone);
    const existing = await matchContacts(ctx.db, location.id, leads);
    const clean = leads.map((l) => {
      const contactId = existing.get(personKey(l)) ?? null;
      return { ...l, contactId, contact: contactId ? ('existing' as const) : ('new' as const) };
    });
    return { clean, rejected, columns, rowCount };
  },
});

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

type Person = { firstName: string; lastName: string; mobilePhone: string | null; email: string };
/** A lead as read from the export, before it has a contact. */
type ReadLead = Omit<Lead, 'contact' | 'contactId'>;

/** One contact per customer: the first of their rows gives it, later rows fill what it left blank. */
function contactsOf(leads: ReadLead[]): Map<string, Person> {
  const people = new Map<string, Person>();
  for (const l of leads) {
    const key = personKey(l);
    const p = people.get(key);
    if (!p)
      people.set(key, { firstName: l.firstName, lastName: l.lastName, mobilePhone: l.mobilePhone, email: l.email });
    else
      Object.assign(p, {
        firstName: p.firstName || l.firstName,
        lastName: p.lastName || l.lastName,
        email: p.email || l.email,
      });
  }
  return people;
}

/** New contacts of the store (source chat), their ids noted by person. */
async function addContacts(db: Db, locationId: number, added: [string, Person][], contactOf: Map<string, number>) {
  await refusingDuplicate(
    async () => {
      for (const part of chunks(added)) {
        const ids = await db
          .insert(contacts)
          .values(part.map(([, p]) => ({ locationId, ...p, source: 'chat' as const })))
          .returning({ id: contacts.id });
        part.forEach(([key], i) => contactOf.set(key, ids[i].id));
      }
    },
    () => AppError.conflict('Some of these customers were added to the store while importing; import again.'),
  );
}

/** A contact the store had keeps what staff entered; the chat fills only what is blank. */
async function fillBlanks(db: Db, matched: (Person & { id: number })[]) {
  const fill = JSON.stringify(
    matched.map((p) => ({ id: p.id, first_name: p.firstName, last_name: p.lastName, email: p.email })),
  );
  await db.execute(sql`
    update ${contacts} c set
      first_name = case when c.first_name = '' then v.first_name else c.first_name end,
      last_name = case when c.last_name = '' then v.last_name else c.last_name end,
      email = case when c.email = '' then v.email else c.email end,
      updated_at = now()
    from jsonb_to_recordset(${fill}::jsonb) as v(id int, first_name text, last_name text, email text)
    where c.id = v.id and ((c.first_name = '' and v.first_name <> '') or (c.last_name = '' and v.last_name <> '') or (c.email = '' and v.email <> ''))`);
}

/** Each lead's chat on its contact; one already imported (same contact, time and message) is not recorded twice. Answers how many were new. */
async function recordChats(
  db: Db,
  leads: ReadLead[],
  contactOf: Map<string, number>,
  locationId: number,
  importedBy: number,
): Promise<number> {
  let recorded = 0;
  for (const part of chunks(leads)) {
    const inserted = await db
      .insert(chatLeads)
      .values(
        part.map((l) => ({
          contactId: contactOf.get(personKey(l))!,
          locationId,
          chattedAt: l.chattedAt ? new Date(l.chattedAt) : null,
          message: l.message,
          importedBy,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: chatLeads.id });
    recorded += inserted.length;
  }
  return recorded;
}

/**
 * The leads' customers as contacts of the store: those it lacked are added, those it had get their
 * blanks filled. Answers both kinds, by person, and every person's contact id.
 */
async function saveContacts(db: Db, locationId: number, leads: ReadLead[], existing: Map<string, number>) {
  const people = contactsOf(leads);
  const added = [...people].filter(([key]) => !existing.has(key));
  const matched = [...people].filter(([key]) => existing.has(key));
  const contactOf = new Map(existing);
  await addContacts(db, locationId, added, contactOf);
  if (matched.length)
    await fillBlanks(
      db,
      matched.map(([key, p]) => ({ id: existing.get(key)!, ...p })),
    );
  return { added, matched, contactOf };
}

/** Each lead imported with its contact, and whether the store had that contact before. */
const importedLeads = (leads: ReadLead[], contactOf: Map<string, number>, existing: Map<string, number>) =>
  leads.map((l) => ({
    ...l,
    contactId: contactOf.get(personKey(l))!,
    contact: existing.has(personKey(l)) ? ('existing' as const) : ('new' as const),
  }));

defineAction({
  contract: importGubagooLeads,
  summary:
    'Imports a website chat export (CSV, pasted or uploaded) into a store: each lead becomes or matches a contact (source chat) and its chat is recorded; rows that cannot be imported are skipped and listed.',
  permission: 'marketing',
  reach: {},
  maxFileBytes: CSV_MAX_BYTES,
  async handler(ctx) {
    const { db, input, user, audit } = ctx;
    const location = await loadRecord(ctx, locationRecords, input.locationId);
    const { columns, leads, rejected, rowCount, source } = readLeads(ctx.files, input.leads, location.timeZone);
    if (leads.length === 0) {
      throw AppError.invalid(
        `${source.label} has no lead that can be imported: row ${rejected[0].row}: ${rejected[0].reason}`,
        [source.field],
      );
    }
    const existing = await matchContacts(db, location.id, leads);
    const { added, matched, contactOf } = await saveContacts(db, location.id, leads, existing);
    const leadCount = await recordChats(db, leads, contactOf, location.id, user.id);
    audit({
      recordType: 'chatLeads',
      recordId: location.id,
      after: {
        rows: rowCount,
        skippedRows: rejected.map((r) => r.row),
        addedContactIds: added.map(([key]) => contactOf.get(key)),
        matchedContactIds: matched.map(([key]) => existing.get(key)),
        leads: leadCount,
      },
    });
    return {
      clean: importedLeads(leads, contactOf, existing),
      rejected,
      columns,
      rowCount,
      addedCount: added.length,
      updatedCount: matched.length,
      leadCount,
      alreadyCount: leads.length - leadCount,
    };
  },
});
