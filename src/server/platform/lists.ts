import { and, Column, getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgTimestamp, type AnyPgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { RawJson } from './raw-json';
import { runStatement, statementOf, type Statement } from '../db/statements';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { formatCell, type ColumnSpec, type ListPage } from '../../shared/lists';
import { formatNumber } from '../../shared/format';
import { int, listPaging } from '../../shared/fields';
import type { Permission } from '../../shared/permissions';
import { defineAction, type ActionContext } from './actions';
import { AppError } from './errors';
import { hasBadCharacter } from './input-guard';
import { reachKey, withinReach } from './reach';
import { DEFAULT_TIME_ZONE } from './days';
import type { Contract } from '../../shared/contract';
import type { LocatedRecordKind } from './records';

type Row = Record<string, unknown>;

const optionalInt = (min: number, max: number) => z.preprocess((v) => (v === '' ? undefined : v), int(min, max).optional());

export interface ListDefinition<F extends z.ZodRawShape> {
  path: string;
  permission: Permission;
  summary?: string;
  /** The list's own filters; sort, dir, cursor and limit are added by the platform. */
  filters: F;
  /** The count the spec names (`phoneCount`); a name ending in `Formatted` gets "1,234". */
  countKey: string;
  columns: readonly ColumnSpec[];
  /** Sortable column key -> the indexed, not-null column to order by. */
  sorts: Record<string, AnyPgColumn>;
  defaultSort: string;
  defaultDir?: 'asc' | 'desc';
  /**
   * The column that carries each row's location: the platform keeps every page, count and export
   * within the caller's reach by it. `group` for lists of the group as a whole (job codes, the outbox).
   */
  reach: AnyPgColumn | 'group';
  /** Filters that name a record of another kind (a user's events): refused outside reach as any action's are. */
  records?: Record<string, LocatedRecordKind>;
  /** The unique column that breaks ties and anchors the keyset cursor; its key in each row. */
  id: { key: string; column: AnyPgColumn };
  /**
   * The select with its joins, and the filters' condition. Called once for the page and once for the
   * count. It must read only `input` (and `user`): the rendered statement is kept by them
   * (lists.test.ts checks it over the registry).
   */
  query: (ctx: ActionContext<z.infer<z.ZodObject<F>> & Paging>) => { select: PgSelect; where?: SQL };
  /**
   * More named counts for the header (`appointmentCount` beside `sourceCount`), each an SQL
   * expression worked out in the first page's statement beside the count: one round trip, and the
   * bench's bare run measures them too. A key ending in `Formatted` goes out formatted. Figures read
   * in one pass are one expression that makes the JSON object of them all.
   */
  figures?: (ctx: ActionContext<z.infer<z.ZodObject<F>> & Paging>) => Record<string, SQL<number>> | SQL<Record<string, number>>;
  pageSize?: number;
  /** A filter the old API sends as the page size when no `limit` comes (the messenger's `count`). */
  pageSizeField?: string;
  /**
   * Fields written by shared TypeScript rather than SQL (a sentence the screens also build), from
   * the row's own values only (it must be pure: the finished row is kept by the row's text). Each
   * row's text is parsed for them and they are added at its end; the rest of the row goes out as
   * PostgreSQL wrote it.
   */
  rowFields?: (row: Row) => Row;
  /**
   * How `npm run bench` exercises this list at group scale: realistic filter sets (a location,
   * a date range, a search term) and how deep to page. Required, so no list goes unmeasured.
   */
  bench: (sample: BenchSample) => BenchCase[];
  /**
   * A CSV download of the list at the contract's `exportRoute`, with the same filters (and `limit` = most
   * rows); `defaultLimit`: the rows sent when the caller names no limit (else every row); `bench`: the
   * bench streams it whole at scale (the group's largest tables) against the export budgets.
   */
  export?: { filename: string; defaultLimit?: number; bench?: boolean };
}

/** Real values from the generated data, for bench filters. */
export interface BenchSample {
  locationId: number;
  userId: number;
  /** A 30-day window ending at the newest generated data, as YYYY-MM-DD. */
  from: string;
  to: string;
}

export interface BenchCase {
  name: string;
  filters: Record<string, unknown>;
  /** Follow the cursor this many pages before measuring (deep pages). */
  depth?: number;
  /** As a user who reaches one region's locations (the sample location's), not the whole group. */
  regional?: boolean;
}

interface Paging {
  sort?: string;
  dir?: 'asc' | 'desc';
  cursor?: string;
  limit?: number;
  view?: 'rows' | 'html';
}

/** A stored value shown as its label, in SQL, so the html table and the CSV (which read only selected fields) show the words. */
export const labelOf = (column: AnyPgColumn, labels: Record<string, string>) =>
  sql<string>`(case ${column} ${sql.join(Object.entries(labels).map(([value, label]) => sql`when ${value} then ${label}`), sql` `)} end)`;

/** Every list action, for the bench and the docs. */
export const listRegistry = new Map<string, ListDefinition<z.ZodRawShape>>();

/**
 * A cursor as the list handed it out: its sort value and id, each of the type of its column, since
 * both are compared with the columns in SQL. Anything else (a cursor made by hand) is refused.
 */
function decodeCursor(cursor: string, sortColumn: AnyPgColumn, idColumn: AnyPgColumn): [unknown, unknown] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // the sentence below
  }
  // Sorted by the id itself, the sort value is not compared (exports keep the sort key's own field there).
  const sortFits = (v: unknown) => sortColumn === idColumn || fitsColumn(sortColumn, v);
  if (Array.isArray(value) && value.length === 2 && sortFits(value[0]) && fitsColumn(idColumn, value[1])) {
    return value as [unknown, unknown];
  }
  throw AppError.invalid('The page cursor is not valid; reload the list.', ['cursor']);
}

const INT_RANGE: Record<string, [bigint, bigint]> = {
  PgSmallInt: [-32768n, 32767n], PgSmallSerial: [1n, 32767n],
  PgInteger: [-2147483648n, 2147483647n], PgSerial: [1n, 2147483647n],
  PgBigInt53: [-9007199254740991n, 9007199254740991n], PgBigSerial53: [1n, 9007199254740991n],
  PgBigInt64: [-9223372036854775808n, 9223372036854775807n], PgBigSerial64: [1n, 9223372036854775807n],
};

/** `2026-11-02`, `2026-11-02T18:00:00.123Z`, or PostgreSQL's own `2026-11-02 18:00:00.123456+00`. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

function isTimestamp(text: string): boolean {
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/** Whether a cursor's value can be compared with a column of this type (never null: sort columns are not null). */
function fitsColumn(column: AnyPgColumn, value: unknown): boolean {
  const type = column.columnType;
  const range = INT_RANGE[type];
  if (range) {
    const digits = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : typeof value === 'string' ? value : '';
    return /^-?\d{1,19}$/.test(digits) && BigInt(digits) >= range[0] && BigInt(digits) <= range[1];
  }
  if (typeof value !== 'string' || hasBadCharacter(value)) return false;
  switch (type) {
    case 'PgTimestamp': case 'PgTimestampString': case 'PgDate': case 'PgDateString':
      return isTimestamp(value);
    case 'PgText': case 'PgVarchar': case 'PgChar':
      return true;
    default:
      // A type no list sorts by yet: refused until it is taught here (a registry test names it).
      return false;
  }
}

/** The column types a list may sort and page by: those fitsColumn can check. */
export const cursorColumnTypes = new Set([
  ...Object.keys(INT_RANGE), 'PgTimestamp', 'PgTimestampString', 'PgDate', 'PgDateString', 'PgText', 'PgVarchar', 'PgChar',
]);

const encodeCursor = (sortValue: unknown, idValue: unknown) =>
  Buffer.from(JSON.stringify([sortValue instanceof Date ? sortValue.toISOString() : sortValue, idValue])).toString('base64url');

export function renderTable(columns: readonly ColumnSpec[], rows: Row[]): string {
  return renderToStaticMarkup(
    h('table', { className: 'list-table' },
      h('thead', null, h('tr', null, ...columns.map((c) => h('th', { key: c.key, 'data-key': c.key }, c.label)))),
      h('tbody', null, ...rows.map((row, i) =>
        h('tr', { key: i }, ...columns.map((c) => h('td', { key: c.key }, formatCell(row[c.key], c.format, DEFAULT_TIME_ZONE))))))),
  );
}

/**
 * Counts are exact up to here; past it the planner's estimate is shown ("about 24,000"). Counting
 * costs PostgreSQL in proportion to this limit, on every first page: at 10,000 the count cost as
 * much as the page itself (docs/decisions/004).
 */
export const EXACT_COUNT_LIMIT = 1_000;

export interface ListQueries {
  /** The page as Drizzle rows (exports on the embedded database walk it batch by batch). */
  page: () => PgSelect;
  /**
   * What a request runs, as one statement: the page with each row built as JSON by PostgreSQL, its
   * sort value and id as text, and on the first page `total`, the filtered rows counted up to one
   * past the exact limit.
   */
  json: SQL;
  sortKey: string;
  /** The selected field that holds the sort column (`priceCents` for a `price` sort shown as dollars): pages are ordered and resumed by it. */
  sortField: string;
  dir: 'asc' | 'desc';
  limit: number;
}

type AnyList = ListDefinition<z.ZodRawShape>;

/**
 * The SQL a list runs for one request: the keyset page (sort column + unique id, limit + 1 to
 * know whether there is a next page) and, on the first page, the capped count, in one statement:
 * each round trip to PostgreSQL costs both sides more than counting does. The bench runs it bare.
 */
export function buildListQueries(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>, pageSize = list.pageSize ?? 100): ListQueries {
  const { sortKey, dir, sortColumn, orderBy } = listOrder(list, ctx.input);
  const limit = ctx.input.limit ?? (list.pageSizeField ? (ctx.input[list.pageSizeField] as number | undefined) : undefined) ?? pageSize;

  const after = ctx.input.cursor ? decodeCursor(ctx.input.cursor, sortColumn, list.id.column) : undefined;
  // A fresh select each time: Drizzle's builders change in place, and the JSON page must keep no LIMIT of its own.
  const ordered = () => {
    const page = scopedQuery(list, ctx);
    const conditions: (SQL | undefined)[] = [page.where];
    if (after) {
      const [sortValue, idValue] = after;
      const op = dir === 'asc' ? sql`>` : sql`<`;
      conditions.push(sortColumn === list.id.column
        ? sql`${list.id.column} ${op} ${idValue}`
        : sql`(${sortColumn}, ${list.id.column}) ${op} (${sortValue}, ${idValue})`);
    }
    return page.select.where(and(...conditions)).orderBy(...orderBy);
  };
  // Only the first page counts: a screen paging on keeps the count it has. Limits are written into
  // the statement, not bound: with a bound limit PostgreSQL cannot keep the prepared statement's
  // plan and plans it again on every call.
  const count = ctx.input.cursor
    ? undefined
    : sql`(select count(*)::int from (${countable(list, ctx)} limit ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) as capped)`;
  const figures = ctx.input.cursor || !list.figures ? undefined : figuresObject(list.figures(ctx as never));
  // The page is ordered again by the selected field that holds the sort column (outbox's `createdAt`
  // sort reads `id`, its insertion order; a price shown as dollars is sorted by its cents), never by
  // a field that merely shares the key.
  const sortField = sortColumn === list.id.column ? list.id.key : holderOf(ordered(), sortColumn) ?? sortKey;
  return {
    page: () => ordered().limit(limit + 1),
    json: jsonPage(ordered(), { sortKey: sortField, idKey: list.id.key, dir, limit: limit + 1, count, figures }),
    sortKey,
    sortField,
    dir,
    limit,
  };
}

/**
 * The filtered query as a count reads it. When the filters touch only the list's own table, that
 * table alone with no columns (`select 1`): PostgreSQL then counts from an index without visiting
 * the rows, which the joined select (kept for filters on joined names) would not allow.
 */
function countable(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>): PgSelect {
  const { select, where } = scopedQuery(list, ctx);
  const table = list.id.column.table;
  const own = [...tablesOf(where)].every((t) => t === table);
  return (own ? ctx.db.select({ one: sql`1` }).from(table).$dynamic() : select).where(where);
}

/** The list's select and filters, kept within the caller's reach by the list's location column. */
function scopedQuery(list: AnyList, ctx: ActionContext<Record<string, unknown>>): { select: PgSelect; where?: SQL } {
  const { select, where } = list.query(ctx as never);
  const reach = list.reach === 'group' ? undefined : withinReach(ctx.user.reach, list.reach);
  return { select, where: reach ? and(where, reach) : where };
}

/** The tables whose columns a condition reads. */
function tablesOf(condition: SQL | undefined, found = new Set<unknown>()): Set<unknown> {
  for (const chunk of condition?.queryChunks ?? []) {
    if (is(chunk, Column)) found.add(chunk.table);
    else if (is(chunk, SQL)) tablesOf(chunk, found);
  }
  return found;
}

/** The key of the selected field that is `column` (Drizzle hands back copies of the columns: by table and name), if one is. */
export const holderOf = (select: PgSelect, column: AnyPgColumn): string | undefined =>
  selectedFields(select).find(([, field]) => is(field, Column) && field.name === column.name && getTableName(field.table) === getTableName(column.table))?.[0];

/** The fields a select returns, in order; their keys name the JSON rows' fields. */
function selectedFields(select: PgSelect): [string, unknown][] {
  const fields = (select as unknown as { getSelectedFields(): Record<string, unknown> }).getSelectedFields();
  for (const key of Object.keys(fields)) {
    // Keys go into the SQL as literals: only plain identifiers, as every list's select has.
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`List field "${key}" must be a plain identifier.`);
  }
  return Object.entries(fields);
}

/**
 * The page as one row: each row built as JSON text by PostgreSQL, in the list's own keys, and the
 * texts joined by a record separator (U+001E, which JSON text never holds unescaped). Node neither
 * maps nor parses the rows, and reads one message from PostgreSQL instead of one per row, the
 * cheapest path for the busiest calls. `row_to_json` over the page with its columns named as the
 * keys costs PostgreSQL half of what `json_build_object` does; timestamps come out as ISO 8601 in
 * UTC (the pool's time zone). Beside the rows: how many were read (the page and one more, to know
 * whether another page follows), the page's last sort value and id as text (the cursor keeps the
 * database's full precision) and, on the first page, `total`.
 */
/** A list's figures as one JSON object, its keys written as literals (plain identifiers only). */
function figuresObject(figures: Record<string, SQL<number>> | SQL<Record<string, number>>): SQL {
  if (is(figures, SQL)) return sql`(${figures})::text`;
  const pairs = Object.entries(figures).map(([key, value]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`List figure "${key}" must be a plain identifier.`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})::text`;
}

function jsonPage(page: PgSelect, o: { sortKey: string; idKey: string; dir: 'asc' | 'desc'; limit: number; count?: SQL; figures?: SQL }): SQL {
  const keys = selectedFields(page).map(([key]) => key);
  const ref = (key: string) => `t."${key}"`;
  const order = o.sortKey === o.idKey ? `${ref(o.idKey)} ${o.dir}` : `${ref(o.sortKey)} ${o.dir}, ${ref(o.idKey)} ${o.dir}`;
  const limit = Math.trunc(o.limit);
  // The LIMIT stays on the inner select, where it lets PostgreSQL stop the index scan at the page's
  // end; written as a literal, it does not make the prepared statement's plan depend on a value.
  return sql`select ${sql.raw(`string_agg(p.row, chr(30) order by p.n) filter (where p.n <= ${limit - 1}) as rows, count(*)::int as fetched,
      min(p.sort) filter (where p.n = ${limit - 1}) as sort, min(p.id) filter (where p.n = ${limit - 1}) as id`)},
      ${o.count ?? sql`null::int`} as total, ${o.figures ?? sql`null::text`} as figures
    from (select ${sql.raw(`row_to_json(t)::text as row, ${ref(o.sortKey)}::text as sort, ${ref(o.idKey)}::text as id, row_number() over (order by ${order}) as n`)}
      from (${page} limit ${sql.raw(String(limit))}) as t(${sql.raw(keys.map((k) => `"${k}"`).join(', '))})) as p`;
}

/** The order a request asks for: a whitelisted sort column (or the default), then the unique id. */
function listOrder(list: AnyList, input: Paging) {
  // Own keys only: `constructor` or `__proto__` would name what every object inherits.
  const sortKey = input.sort && Object.hasOwn(list.sorts, input.sort) ? input.sort : list.defaultSort;
  const dir = input.dir ?? list.defaultDir ?? 'asc';
  const sortColumn = list.sorts[sortKey];
  const order = dir === 'asc' ? (c: AnyPgColumn) => sql`${c} asc` : (c: AnyPgColumn) => sql`${c} desc`;
  const orderBy = sortColumn === list.id.column ? [order(sortColumn)] : [order(sortColumn), order(list.id.column)];
  return { sortKey, dir, sortColumn, orderBy };
}

/**
 * The planner's row estimate for a query: no rows are read, and past the exact limit it is close
 * enough. It comes from the table statistics, which change only when PostgreSQL re-analyses the
 * table, so each filter set's estimate is kept for a minute rather than re-planned on every load.
 */
async function estimateRows(ctx: ActionContext<unknown>, query: PgSelect): Promise<number> {
  const text = `explain (format json) ${inlineParams(query)}`;
  const known = estimates.get(text);
  if (known && known.until > Date.now()) return known.rows;
  const result = (await ctx.db.execute(sql.raw(text))) as unknown as { rows: { 'QUERY PLAN': unknown }[] };
  const raw = result.rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const rows = Math.round(plan[0].Plan['Plan Rows']);
  keep(estimates, text, { rows, until: Date.now() + 60_000 }, ESTIMATES_KEPT);
  return rows;
}

const ESTIMATES_KEPT = 1_000;
const estimates = new Map<string, { rows: number; until: number }>();

/** EXPLAIN and COPY take no bind parameters: the values go in as quoted literals. */
function inlineParams(query: PgSelect): string {
  const { sql: text, params } = query.toSQL();
  return text.replace(/\$(\d+)/g, (_m, n) => literal(params[Number(n) - 1]));
}

/** A value as a SQL literal; strings are quoted with quotes doubled (standard_conforming_strings is on). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * Rendered list statements by list, then by exact input and user. Drizzle builds and renders a
 * list's statement in about 0.4 ms, a fifth of a small call; the first page of a screen's default
 * view is asked for again and again. The key holds everything a list's query reads (its input; the
 * user, should a list ever narrow by who asks), so a hit is the statement that would have been rendered.
 */
const rendered = keptPerList<{ statement: Statement; sortKey: string; dir: 'asc' | 'desc'; limit: number }>(2_000);

function listStatement(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>) {
  return rendered(list, `${ctx.user.id} ${reachKey(ctx.user.reach)} ${JSON.stringify(ctx.input)}`, () => {
    const q = buildListQueries(list, ctx);
    return { statement: statementOf(q.json), sortKey: q.sortKey, dir: q.dir, limit: q.limit };
  });
}

export async function runList(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>) {
  const q = listStatement(list, ctx);
  const [fetched] = await runStatement<{ rows: string | null; fetched: number; sort: string | null; id: string | null; total: number | null; figures: string | null }>(ctx.db, q.statement);
  let total: number | null = null;
  let estimated = false;
  if (!ctx.input.cursor) {
    const capped = fetched.total ?? 0;
    estimated = capped > EXACT_COUNT_LIMIT;
    total = estimated ? Math.max(await estimateRows(ctx as ActionContext<unknown>, countable(list, ctx)), capped) : capped;
  }
  const text = fetched.rows === null ? '[]'
    : list.rowFields ? `[${fetched.rows.split('\x1e').map((row) => withRowFields(list, row)).join(',')}]`
      : `[${fetched.rows.replaceAll('\x1e', ',')}]`;
  const reply: Omit<ListPage<Row>, 'rows'> & { rows: RawJson } & Record<string, unknown> = {
    rows: new RawJson(text),
    count: total,
    countEstimated: estimated,
    nextCursor: fetched.fetched > q.limit ? encodeCursor(fetched.sort, fetched.id) : null,
    sort: q.sortKey,
    dir: q.dir,
  };
  // The rows stay text; only the old API's html needs them as objects.
  if (ctx.input.view !== 'rows') reply.html = renderTable(list.columns, JSON.parse(text) as Row[]);
  if (total !== null) reply[list.countKey] = list.countKey.endsWith('Formatted') ? formatNumber(total) : total;
  if (fetched.figures) {
    for (const [key, value] of Object.entries(JSON.parse(fetched.figures) as Record<string, number>)) {
      reply[key] = key.endsWith('Formatted') ? formatNumber(value) : value;
    }
  }
  return reply;
}

/**
 * A row's text with its `rowFields` at the end. They depend on the row alone, so each list keeps
 * the finished text by the row's text: a page asked for again is not parsed again.
 */
function withRowFields(list: AnyList, row: string): string {
  return finishedRows(list, row, () => {
    const more = JSON.stringify(list.rowFields!(JSON.parse(row) as Row));
    return more === '{}' ? row : `${row.slice(0, -1)},${more.slice(1)}`;
  });
}

const finishedRows = keptPerList<string>(5_000);

/** Puts a value in a map held to `max` entries, the oldest leaving first. */
function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** Values made once per list and key and kept, up to `max` per list: `(list, key, make) => value`. */
function keptPerList<V>(max: number) {
  const byList = new WeakMap<AnyList, Map<string, V>>();
  return (list: AnyList, key: string, make: () => V): V => {
    let kept = byList.get(list);
    if (!kept) byList.set(list, (kept = new Map()));
    return kept.get(key) ?? keep(kept, key, make(), max);
  };
}

/** A list declared in its module's contract (`listContract`): path, filters, row and count come from there. */
type ContractList<F extends z.ZodRawShape> = Omit<ListDefinition<F>, 'path' | 'filters' | 'countKey'> & {
  contract: Contract<z.ZodObject, z.ZodType> & { filters: F; countKey: string; exportRoute?: string };
};

/**
 * Serves a list: filters, a sort on an indexed column, keyset pages (no OFFSET scans),
 * the named count, `rows` for the screens and `html` for callers of the old API.
 */
export function defineListAction<F extends z.ZodRawShape>(given: ContractList<F>) {
  const { contract } = given;
  const list: ListDefinition<F> = { ...given, path: contract.path, filters: contract.filters, countKey: contract.countKey };
  const anyList = list as unknown as AnyList;
  listRegistry.set(list.path, anyList);
  if (list.export) {
    const route = contract.exportRoute;
    if (!route) throw new Error(`${list.path} has an export but its contract names no exportRoute`);
    const { defaultLimit } = list.export;
    const limit = defaultLimit ? optionalInt(1, 5_000_000).transform((v) => v ?? defaultLimit) : optionalInt(1, 5_000_000);
    const exportInput = z.object({ ...list.filters, sort: listPaging.sort, dir: listPaging.dir, limit });
    exportRegistry.set(route, { list: anyList, input: exportInput, route, ...list.export });
  }
  return defineAction({
    contract,
    permission: list.permission,
    // The rows are kept within reach by the list's location column; its record filters are checked as any action's.
    reach: list.records ?? {},
    summary: list.summary,
    readOnly: true,
    handler: (ctx) => runList(anyList, ctx as never),
  });
}

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

const csvFormat: Record<NonNullable<ColumnSpec['format']>, (ref: string) => string> = {
  text: (c) => c,
  number: (c) => c,
  // formatPhone's "(505) 555-0142" for a North American number; anything else as it is.
  phone: (c) => {
    const digits = `regexp_replace(${c}, '\\D', '', 'g')`;
    const ten = `right(${digits}, 10)`;
    return `case when ${digits} ~ '^1?[0-9]{10}$' then '(' || left(${ten}, 3) || ') ' || substr(${ten}, 4, 3) || '-' || right(${ten}, 4) else ${c} end`;
  },
  date: (c) => `to_char(${c}, 'YYYY-MM-DD')`,
  datetime: (c) => `to_char(${c}, 'YYYY-MM-DD HH24:MI')`,
  flag: (c) => `case when ${c} then 'Yes' when not ${c} then 'No' end`,
  list: (c) => `array_to_string(${c}, ', ')`,
};

/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula. Such a text cell is written with a single quote in front, which
 * spreadsheets show as text; a cell that is just a number (`-12.5`, `+15055550142`) is left alone,
 * being no formula. Numbers of numeric columns are never touched.
 */
function csvSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;
}

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
export function exportCopySql(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>, max = Infinity): string {
  const { orderBy } = listOrder(list, ctx.input);
  const base = scopedQuery(list, ctx);
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
    return textFormats.has(c.format) && !plain ? csvSafeSql(`(${cell})::text`) : cell;
  });
  return `copy (select ${columns.join(', ')} from (${inlineParams(select)}) as t(${keys.map((_, i) => `c${i}`).join(', ')})) to stdout with (format csv)`;
}

/** Every row of a list with its filters, as CSV rows, one keyset batch at a time. */
export async function* exportRows(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>, max = Infinity) {
  yield list.columns.map((c) => c.label);
  let cursor: string | undefined;
  let sent = 0;
  do {
    const batch = Math.min(EXPORT_BATCH, max - sent);
    if (batch <= 0) return;
    const q = buildListQueries(list, { ...ctx, input: { ...ctx.input, cursor, limit: batch } }, batch);
    const fetched = (await q.page()) as Row[];
    const rows = fetched.slice(0, batch);
    for (const row of rows) {
      yield list.columns.map((c) => {
        const value = row[c.key];
        // A number goes out bare, as COPY writes it: a spreadsheet reads 31900, not "31,900".
        const cell = c.format === 'number' && typeof value === 'number' ? String(value) : formatCell(value, c.format, DEFAULT_TIME_ZONE);
        return typeof value === 'number' || !(textFormats.has(c.format) || c.format === 'number') ? cell : csvSafe(cell);
      });
    }
    sent += rows.length;
    const last = rows.at(-1);
    cursor = fetched.length > batch && last ? encodeCursor(last[q.sortField], last[list.id.key]) : undefined;
  } while (cursor);
}
