/** Formatting shared by server-rendered html and the React screens (seed 000, section 9). */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

const thousands = new Intl.NumberFormat('en-US');

/** 1234567 -> "1,234,567". */
export function formatNumber(value: number): string {
  return thousands.format(value);
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 123456 cents -> "$1,234.56". Cents are whole numbers, so the division is exact to the cent. */
export function formatMoney(cents: number): string {
  return dollars.format(cents / 100);
}

/** "1234.56", money as the old API's decimals carry it -> "$1,234.56", formatted as written (no float on the way). */
export function formatDecimalMoney(decimal: string): string {
  return dollars.format(decimal as Intl.StringNumericLiteral);
}

/** 123456 cents -> "1234.56", the plain decimal a form field and the old API carry. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A moment on a wall clock: the caller's own, or a named time zone's (the server writes the group's). */
function wallClock(
  d: Date,
  timeZone?: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  if (!timeZone)
    return {
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
      hour: d.getHours(),
      minute: d.getMinutes(),
    };
  const parts = Object.fromEntries(
    zoneClock(timeZone)
      .formatToParts(d)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();
const zoneClock = (timeZone: string) =>
  zoneClocks.get(timeZone) ??
  zoneClocks
    .set(
      timeZone,
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      }),
    )
    .get(timeZone)!;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day `days` from today (negative: before), on the browser's clock or in `timeZone`.
 * Counted in days, not in 24-hour steps: 30 × 24 hours before 23:00 on a day after the clocks went
 * back is 00:00 two calendar days later than 30 days before.
 */
export function dayFromToday(days: number, timeZone?: string): string {
  const c = wallClock(new Date(), timeZone);
  return new Date(Date.UTC(c.year, c.month - 1, c.day + days)).toISOString().slice(0, 10);
}

/**
 * YYYY-MM-DD of a moment, the date format of every picker and list: on the caller's clock, or on
 * `timeZone`'s. A calendar day (`2026-11-24`, a date column) is a day everywhere and stays as it is.
 */
export function formatDate(value: Date | string | number | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const c = wallClock(d, timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

export function formatDateTime(value: Date | string | number | null | undefined, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const c = wallClock(d, timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}`;
}

/** A stored (E.164) North American number whose area code libphonenumber formats as "(505) 555-0142". */
const NANP = /^\+1([2-9]\d{2})(\d{3})(\d{4})$/;

/**
 * A phone number as people of its country write it, from Google's libphonenumber metadata: a North
 * American number as "(505) 555-0142", any other with its country code, "+45 32 12 34 56" (Denmark),
 * "+47 406 12 345" (Norway), "+65 6123 4567" (Singapore). A value that is not a number is unchanged.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  // A North American number as the records keep it: written here as libphonenumber writes it, fifty
  // times sooner (the palette writes a page of numbers on each keystroke; parsing was a tenth of it).
  const nanp = NANP.exec(value);
  if (nanp) return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  const parsed = parsePhoneNumberFromString(value, 'US');
  if (!parsed?.isPossible()) return value;
  // With an extension when the value holds one: "(505) 555-0142 ext. 12".
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An 11-character random id, for elements that need one. */
export function randomId(length = 11): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => idAlphabet[b % idAlphabet.length]).join('');
}

/** A count with its noun: "1 segment", "1,234 segments". */
export function formatCount(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** Text counters for fields: characters, words and lines. */
export function countText(text: string): { characters: number; words: number; lines: number } {
  const trimmed = text.trim();
  return {
    characters: text.length,
    words: trimmed === '' ? 0 : trimmed.split(/\s+/).length,
    lines: text === '' ? 0 : text.split(/\r\n|\r|\n/).length,
  };
}

/** The last `days` days, today included, as YYYY-MM-DD on the user's calendar. */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { from: formatDate(from), to: formatDate(today) };
}
