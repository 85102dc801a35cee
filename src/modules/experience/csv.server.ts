/**
 * Reading the lists staff bring in: a CSV file uploaded, or the same pasted from a spreadsheet
 * (tab-separated), with its columns recognised by their headers. docs/experience.md.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../server/platform/errors';
import type { UploadedFile } from '../../server/platform/actions';
import type { LeadField } from './experience.contract';

/** What was sent: the uploaded file, or the pasted text, with the field the screen marks when it is wrong. */
export interface Source {
  text: string;
  field: string;
  label: string;
}

/**
 * The upload (`file`) when there is one, otherwise the pasted text. A spreadsheet saved in its own
 * format (.xlsx, .xls) is refused with what to do; a file that is not UTF-8 is read as Windows-1252,
 * as older Excel saves CSV.
 */
export function sourceOf(
  files: UploadedFile[],
  pasted: string | undefined,
  pastedField: string,
  pastedLabel: string,
): Source {
  const file = files.find((f) => f.field === 'file');
  if (!file) {
    if (!pasted) throw AppError.invalid(`${pastedLabel} is required: paste it or choose a CSV file.`, [pastedField]);
    return { text: pasted, field: pastedField, label: pastedLabel };
  }
  const bytes = file.data;
  const zip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const ole = bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  if (zip || ole || bytes.includes(0)) {
    throw AppError.invalid(
      'CSV file is a spreadsheet or another kind of file: save it as CSV (File, Save as, CSV) and choose that.',
      ['file'],
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (!text.trim()) throw AppError.invalid('CSV file is empty.', ['file']);
  return { text, field: 'file', label: 'CSV file' };
}

const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted value is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote is followed by more text',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quote is followed by more text',
};

/** A row of a CSV file: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface CsvRow {
  row: number;
  cells: string[];
}

/**
 * The rows of a CSV text, every cell trimmed, blank rows left out (but counted, so row numbers are
 * the spreadsheet's). The separator is the comma, or the tab when the first line has more tabs than
 * commas (a copy from a spreadsheet).
 */
export function readCsv(source: Source): CsvRow[] {
  const firstLine = source.text.slice(0, source.text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/\t/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? '\t' : ',';
  let records: string[][];
  try {
    records = parse(source.text, { bom: true, delimiter, relax_column_count: true, trim: true });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const problem = CSV_PROBLEMS[error.code] ?? 'it is not laid out as CSV';
    const line = (error as CsvError & { lines?: number }).lines;
    throw AppError.invalid(`${source.label} could not be read: ${problem}${line ? ` (line ${line})` : ''}.`, [
      source.field,
    ]);
  }
  return records.map((cells, i) => ({ row: i + 1, cells })).filter((r) => r.cells.some((c) => c !== ''));
}

/** Headers as people write them ("E-mail Address", "Cell #"): lower-case letters and digits only. */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

const HEADERS: Record<LeadField, string[]> = {
  firstName: ['firstname', 'first', 'fname', 'givenname', 'customerfirstname', 'visitorfirstname'],
  lastName: ['lastname', 'last', 'lname', 'surname', 'familyname', 'customerlastname', 'visitorlastname'],
  name: [
    'name',
    'fullname',
    'customer',
    'customername',
    'visitor',
    'visitorname',
    'contact',
    'contactname',
    'leadname',
  ],
  mobilePhone: [
    'phone',
    'phonenumber',
    'phoneno',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'cellnumber',
    'telephone',
    'tel',
    'customerphone',
    'visitorphone',
    'contactphone',
    'number',
  ],
  email: ['email', 'emailaddress', 'mail', 'customeremail', 'visitoremail', 'contactemail'],
  chattedAt: [
    'date',
    'datetime',
    'dateandtime',
    'time',
    'created',
    'createdat',
    'createddate',
    'datecreated',
    'chatdate',
    'chatstarted',
    'chatstart',
    'leaddate',
    'submitted',
    'submittedat',
    'timestamp',
    'startedat',
    'starttime',
  ],
  message: [
    'message',
    'messages',
    'comment',
    'comments',
    'notes',
    'note',
    'question',
    'transcript',
    'chattranscript',
    'chat',
    'leadmessage',
    'inquiry',
    'enquiry',
    'summary',
    'customermessage',
    'visitormessage',
  ],
};
const FIELD_OF = new Map(Object.entries(HEADERS).flatMap(([field, keys]) => keys.map((k) => [k, field as LeadField])));

/** Each header's field, the first column of each field only (a second "Phone" column is not read). */
export function detectColumns(header: string[]): (LeadField | null)[] {
  const taken = new Set<LeadField>();
  return header.map((h) => {
    const field = FIELD_OF.get(headerKey(h));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** A data row's cells by field, blank where the row has no such column. */
export function cellsOf(row: string[], columns: (LeadField | null)[]): Record<LeadField, string> {
  const cells = { firstName: '', lastName: '', name: '', mobilePhone: '', email: '', chattedAt: '', message: '' };
  columns.forEach((field, i) => {
    if (field) cells[field] = row[i] ?? '';
  });
  return cells;
}

/** Values for a statement's `= any(...)`: one parameter however long the list (a list may hold 50,000). */
export const joinedForAny = (values: string[]) => values.join('\n');

/**
 * When a chat happened, from the export's date: ISO (2026-03-14 15:22, with or without seconds or a
 * zone) or US (3/14/2026 3:22 PM, 3/14/26); a time without a zone is the store's. Null: not a date.
 */
export function parseChatDate(value: string, timeZone: string): Date | null {
  let y: number,
    mo: number,
    d: number,
    h = 0,
    mi = 0,
    s = 0;
  const iso =
    /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      value,
    );
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?$/i.exec(value);
  let zone: string | undefined;
  if (iso) {
    [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (iso[4]) [h, mi, s] = [Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0)];
    zone = iso[7];
  } else if (us) {
    [mo, d, y] = [Number(us[1]), Number(us[2]), Number(us[3].length === 2 ? `20${us[3]}` : us[3])];
    if (us[4]) {
      [h, mi, s] = [Number(us[4]), Number(us[5]), Number(us[6] ?? 0)];
      const half = us[7]?.toUpperCase();
      if (half && (h < 1 || h > 12)) return null;
      if (half === 'PM' && h < 12) h += 12;
      if (half === 'AM' && h === 12) h = 0;
    }
  } else {
    return null;
  }
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (
    wall.getUTCFullYear() !== y ||
    wall.getUTCMonth() !== mo - 1 ||
    wall.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  if (zone)
    return new Date(
      Date.parse(
        `${wall.toISOString().slice(0, 19)}${zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`,
      ),
    );
  // The zone's offset at that moment, taken twice so a time near a daylight-saving change lands right.
  const offsetAt = (at: Date) => {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  };
  const first = new Date(wall.getTime() - offsetAt(wall));
  return new Date(wall.getTime() - offsetAt(first));
}
