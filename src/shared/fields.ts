/**
 * zod building blocks for form fields, shared by the screens and the server.
 * Forms arrive form-urlencoded, multipart or JSON, so every value may be a string:
 * these accept the string form too (checkboxes as 1/0, numbers as digits).
 */
import { z } from 'zod';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A checkbox: 1/0, true/false, "on"; missing means 0. Always a boolean. */
export const flag = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return false;
    if (v === true || v === 1 || v === '1' || v === 'true' || v === 'on') return true;
    if (v === false || v === 0 || v === '0' || v === 'false' || v === 'off') return false;
    return v;
  },
  z.boolean({ error: 'must be 1 or 0' }),
);

/** A required line of text, trimmed, with a length limit. */
export const text = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: (i) => (i.input == null ? 'is required' : 'must be text') })
      .min(1, { error: 'is required' })
      .max(max, { error: `must be at most ${max} characters` }),
  );

/** Optional text: blank becomes undefined. */
export const optionalText = (max = 200) =>
  z.preprocess(
    (v) => blankToUndefined(typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'must be text' })
      .max(max, { error: `must be at most ${max} characters` })
      .optional(),
  );

type Values = readonly [string, ...string[]];
const oneOf = (values: Values) => `must be one of: ${values.join(', ')}`;

/** One of a fixed list of values (a select, a kind, a status); blank is missing. */
export const choice = <T extends Values>(values: T, message = oneOf(values)) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: (i) => (i.input === undefined ? 'is required' : message) }));

/** One of a fixed list of values, or none (a filter left at "any"). */
export const optionalChoice = <T extends Values>(values: T, message = oneOf(values)) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: message }).optional());

/** A yes / no filter: 1, 0, or blank for either. */
export const yesNo = optionalChoice(['1', '0'], 'must be 1 or 0');

/** A record id: a positive whole number, given as digits or a number. */
export const id = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: (i) => (i.input == null || i.input === '' ? 'is required' : 'must be a record number') })
    .int({ error: 'must be a record number' })
    .positive({ error: 'must be a record number' })
    .max(2_147_483_647, { error: 'must be a record number' }),
);

export const optionalId = z.preprocess(blankToUndefined, id.optional());

/** A whole number within bounds. */
export const int = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : blankToUndefined(v)),
    z
      .number({ error: (i) => (i.input == null ? 'is required' : 'must be a whole number') })
      .int({ error: 'must be a whole number' })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` }),
  );

/** A number with at most `places` decimals within bounds (a rate, a percent), typed as digits. */
export const decimal = (min: number, max: number, places: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v.trim() === ''
          ? undefined
          : new RegExp(`^-?\\d*(\\.\\d{0,${places}})?$`).test(v.trim())
            ? Number(v.trim())
            : v
        : v,
    z
      .number({ error: (i) => (i.input == null ? 'is required' : `must be a number with at most ${places} decimals`) })
      .refine((n) => Number.isFinite(n) && Math.abs(n * 10 ** places - Math.round(n * 10 ** places)) < 1e-6, {
        error: `must be a number with at most ${places} decimals`,
      })
      .min(min, { error: `must be at least ${min}` })
      .max(max, { error: `must be at most ${max}` }),
  );

/**
 * An amount of money typed in dollars ("1,234.56", "$1234.5", 12), kept as whole cents: money is
 * never a floating-point number once it is in. At most two decimals; not negative; commas only
 * between groups of three digits.
 */
export const money = (max = 10_000_000) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'number') v = String(v);
      if (typeof v !== 'string') return v;
      const typed = v.trim().replace(/^\$/, '');
      if (typed === '') return undefined;
      // Commas only as thousands separators ("1,234,567.89"): "1,0,0" is a typo, not one hundred.
      const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(typed);
      return match ? Number(match[1].replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : v;
    },
    z
      .number({
        error: (i) => (i.input === undefined ? 'is required' : 'must be an amount in dollars, such as 1,234.56'),
      })
      .int({ error: 'must be an amount in dollars, such as 1,234.56' })
      .max(max * 100, { error: `must be at most ${max.toLocaleString('en-US')} dollars` }),
  );

/** Whether YYYY-MM-DD names a day of the calendar (Date.parse takes 2026-02-30 as 2 March; PostgreSQL does not). */
function isCalendarDate(s: string): boolean {
  const [year, month, day] = s.split('-').map(Number);
  const d = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * The years a date may name: every day a dealership records (a model year, a sale, a report range)
 * falls well inside them, and day arithmetic on them stays inside what JavaScript and PostgreSQL
 * both write as YYYY-MM-DD (a day past 9999 compares as text out of order).
 */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;

/** YYYY-MM-DD, from 1900 to 2100. */
export const date = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'must be a date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })
    .refine(isCalendarDate, { error: 'must be a real date' })
    .refine((s) => Number(s.slice(0, 4)) >= FIRST_YEAR && Number(s.slice(0, 4)) <= LAST_YEAR, {
      error: `must be a date from ${FIRST_YEAR} to ${LAST_YEAR}`,
    }),
);
export const optionalDate = z.preprocess(blankToUndefined, date.optional());

export const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z
    .email({ error: (i) => (i.input == null || i.input === '' ? 'is required' : 'must be an email address') })
    .max(200, { error: 'must be at most 200 characters' }),
);
export const optionalEmail = z.preprocess(blankToUndefined, email.optional());

/**
 * A web address people follow (a dealership's site, a booking page): http or https to a named
 * host, never `javascript:`, `data:` or `file:`. Trimmed; at most `max` characters.
 */
export const webUrl = (max = 300) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .httpUrl({ error: (i) => (i.input == null ? 'is required' : 'must be a web address starting with https://') })
      .max(max, { error: `must be at most ${max} characters` }),
  );

const PHONE_EXAMPLE = 'must be a phone number such as (505) 555-0142';

/**
 * A phone number as people paste it: full-width digits and every kind of dash or space read as their
 * plain forms (Unicode NFKC, then U+2010–U+2015, U+2212 and the like as "-"), and an extension kept
 * ("ext. 12", "x12", "#12").
 */
export function pastedPhone(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-')
    .replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A US or international phone number, loosely checked here; stored as E.164 by the server. */
export const phone = z.preprocess(
  (v) => (typeof v === 'string' ? pastedPhone(v) : v),
  z
    .string({ error: (i) => (i.input == null ? 'is required' : PHONE_EXAMPLE) })
    .regex(/^\+?[\d\s().-]{10,20}(?:\s*(?:ext\.?|extension|x|#)\s*\d{1,6})?$/i, { error: PHONE_EXAMPLE }),
);
export const optionalPhone = z.preprocess(blankToUndefined, phone.optional());

/** A list, given as a repeated field (`a[]=1&a[]=2`), a single value, or an array. */
export const list = <T extends z.ZodType>(item: T, max = 500) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(item).max(max, { error: `must have at most ${max} entries` }),
  );

/** The filters every list takes besides its own: sort, direction, keyset cursor and page size. */
export const listPaging = {
  sort: optionalText(40),
  dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional()),
  cursor: optionalText(500),
  limit: z.preprocess(blankToUndefined, int(1, 500).optional()),
  /** `rows` for the screens; callers of the old API get `html` too (the default). */
  view: z.preprocess(blankToUndefined, z.enum(['rows', 'html'], { error: 'must be rows or html' }).optional()),
};
