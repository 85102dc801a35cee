import { Column, is } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { formatPhone } from '../../../shared/format';
import { formatCell, type ColumnSpec } from '../../../shared/lists';
import type { ActionContext } from '../actions';
import { DEFAULT_TIME_ZONE } from '../days';
import { encodeCursor } from './cursor';
import { buildListQueries, inlineParams, listOrder, scopedQuery, selectedFields } from './statement';
import type { AnyList, Paging, Row } from './types';

export interface ListExport {
  list: AnyList;
  input: z.ZodType;
  route: string;
  filename: string;
  bench?: boolean;
}

/** Lists downloadable as CSV (`GET <route>?<filters>`), streamed page by page in constant memory. */
export const exportRegistry = new Map<string, ListExport>();

export const EXPORT_BATCH = 5_000;

/** An E.164 number of the North American plan, the group's own: the one plan PostgreSQL formats itself. */
const NORTH_AMERICAN = `'^\\+1[2-9][0-9]{9}$'`;

const csvFormat: Record<NonNullable<ColumnSpec['format']>, (ref: string) => string> = {
  text: (c) => c,
  number: (c) => c,
  // A North American number as libphonenumber writes it ("(505) 555-0142"); any other stays E.164
  // and the row is marked for the server to format it by its country on the way out (phoneCell).
  phone: (c) =>
    `case when ${c} ~ ${NORTH_AMERICAN} then '(' || substr(${c}, 3, 3) || ') ' || substr(${c}, 6, 3) || '-' || substr(${c}, 9) else ${c} end`,
  date: (c) => `to_char(${c}, 'YYYY-MM-DD')`,
  datetime: (c) => `to_char(${c}, 'YYYY-MM-DD HH24:MI')`,
  flag: (c) => `case when ${c} then 'Yes' when not ${c} then 'No' end`,
  list: (c) => `array_to_string(${c}, ', ')`,
};

/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula. Such a text cell is written with a single quote in front, which
 * spreadsheets show as text; a cell that is just a number (`-12.5`) is left alone, being no formula.
 * Numbers of numeric columns are never touched.
 */
export function csvSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
}

/**
 * A phone number's cell: formatted by its country (formatPhone: "(505) 555-0142", "+45 32 12 34 56"),
 * as text a spreadsheet keeps. A number that starts with "+" (every one outside North America, or a
 * value that is no number at all) gets the quote that marks text, or Excel would read "+15055550142"
 * as 15055550142 and "+45 32 12 34 56" as a formula.
 */
export function phoneCell(value: string): string {
  const shown = formatPhone(value);
  return /^[=+\-@\t\r]/.test(shown) ? `'${shown}` : shown;
}

/** The byte-order mark every CSV starts with: Excel on Windows then reads it as UTF-8 (José, not JosÃ©). */
export const CSV_BOM = '\uFEFF';

/** The positions of a list's phone columns, which the COPY export formats on its way out. */
export const phoneColumns = (list: AnyList) => list.columns.flatMap((c, i) => (c.format === 'phone' ? [i] : []));

/** csvSafe in SQL, for a text expression of the COPY statement. */
const csvSafeSql = (text: string) =>
  `case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) and ${text} !~ '^[+-]?[0-9]+([.][0-9]+)?$' then '''' || ${text} else ${text} end`;

/** The formats whose cells are text a person or a customer typed (a text message's body). */
const textFormats = new Set<ColumnSpec['format']>(['text', 'phone', 'list', undefined]);

/**
 * The whole export as one statement for PostgreSQL's COPY: the list's filters and order, each column
 * formatted as the CSV shows it. PostgreSQL writes the CSV itself, so rows stream at its speed and
 * the server only passes bytes along.
 */
export function exportCopySql(
  list: AnyList,
  ctx: ActionContext<Paging & Record<string, unknown>>,
  max = Infinity,
): string {
  const { search } = scopedQuery(list, ctx);
  const { orderBy, wordOrder } = listOrder(list, ctx.input, search?.words);
  const base = scopedQuery(list, ctx, wordOrder);
  const ordered = base.select.where(base.where).orderBy(...orderBy);
  const select = Number.isFinite(max) ? ordered.limit(max) : ordered;
  const fields = selectedFields(select);
  const keys = fields.map(([key]) => key);
  const columns = list.columns.map((c) => {
    const i = keys.indexOf(c.key);
    const field = fields[i]?.[1];
    // A moment goes out on the group's clock, as the screens and the html show it; a calendar day as it is.
    const moment = is(field, PgTimestamp) && field.withTimezone;
    const cell = csvFormat[c.format ?? 'text'](moment ? `(t.c${i} at time zone '${DEFAULT_TIME_ZONE}')` : `t.c${i}`);
    // Text cells are escaped; a number, timestamp or boolean column is left as COPY writes it (::text would spell t/f out).
    const plain = is(field, Column) && ['boolean', 'number', 'bigint', 'date'].includes(field.dataType);
    if (c.format === 'phone') return `(${cell})::text`;
    return textFormats.has(c.format) && !plain ? csvSafeSql(`(${cell})::text`) : cell;
  });
  // A download with phones starts each row with 1 where one of them is outside the North American
  // plan (formatted on the way out, by libphonenumber) and 0 where SQL formatted them all.
  const phones = phoneColumns(list).map((p) => `t.c${keys.indexOf(list.columns[p].key)}`);
  const marker = phones.length
    ? [`case when ${phones.map((c) => `(${c} <> '' and ${c} !~ ${NORTH_AMERICAN})`).join(' or ')} then 1 else 0 end`]
    : [];
  return `copy (select ${[...marker, ...columns].join(', ')} from (${inlineParams(select)}) as t(${keys.map((_, i) => `c${i}`).join(', ')})) to stdout with (format csv)`;
}

/** Every row of a list with its filters, as CSV rows, one keyset batch at a time. */
export async function* exportRows(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>, max = Infinity) {
  yield list.columns.map((c) => c.label);
  let cursor: string | undefined;
  let sent = 0;
  do {
    const batch = Math.min(EXPORT_BATCH, max - sent);
    if (batch <= 0) return;
    const q = buildListQueries(list, { ...ctx, input: { ...ctx.input, cursor, limit: batch } }, { pageSize: batch });
    const fetched = (await q.page()) as Row[];
    const rows = fetched.slice(0, batch);
    for (const row of rows) {
      yield list.columns.map((c) => {
        const value = row[c.key];
        if (c.format === 'phone') return value == null || value === '' ? '' : phoneCell(String(value));
        // A number goes out bare, as COPY writes it: a spreadsheet reads 31900, not "31,900".
        const cell =
          c.format === 'number' && typeof value === 'number'
            ? String(value)
            : formatCell(value, c.format, DEFAULT_TIME_ZONE);
        return typeof value === 'number' || !(textFormats.has(c.format) || c.format === 'number')
          ? cell
          : csvSafe(cell);
      });
    }
    sent += rows.length;
    const last = rows.at(-1);
    cursor = fetched.length > batch && last ? encodeCursor(last[q.sortField], last[list.id.key]) : undefined;
  } while (cursor);
}
