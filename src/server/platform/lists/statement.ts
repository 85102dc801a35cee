import { and, Column, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { ActionContext } from '../actions';
import { withinReach } from '../reach';
import { copyOf, joinWords, wordSearchOf, type WordSearch, type WordTable } from '../words';
import { decodeCursor } from './cursor';
import { givenFilters } from './filters';
import type { AnyList, Paging } from './types';

/**
 * Counts are exact up to here; past it the planner's estimate is shown ("about 24,000"). Counting
 * costs PostgreSQL in proportion to this limit, on every first page: at 10,000 the count cost as
 * much as the page itself (docs/decisions/004).
 */
export const EXACT_COUNT_LIMIT = 1_000;

/**
 * A search the planner expects to match at least this many rows is not counted: its count and its
 * `counts` are the planner's estimates ("about 15,000"). Counting a common surname read every match
 * of the trigram index, three to ten times what its first page costs (docs/bench.md, "Searching a
 * common name"). Past the exact limit the screen would show the estimate anyway; twice the limit
 * leaves room for the planner to guess high.
 */
export const ESTIMATED_SEARCH_FROM = 2 * EXACT_COUNT_LIMIT;

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

/**
 * The SQL a list runs for one request: the keyset page (sort column + unique id, limit + 1 to
 * know whether there is a next page) and, on the first page, the capped count, in one statement:
 * each round trip to PostgreSQL costs both sides more than counting does. The bench runs it bare.
 */
export function buildListQueries(
  list: AnyList,
  ctx: ActionContext<Paging & Record<string, unknown>>,
  { pageSize = list.pageSize ?? 100, counted = true }: { pageSize?: number; counted?: boolean } = {},
): ListQueries {
  const { search } = scopedQuery(list, ctx);
  const { sortKey, dir, sortColumn, orderColumn, orderId, orderBy, wordOrder } = listOrder(
    list,
    ctx.input,
    search?.words,
  );
  const limit =
    ctx.input.limit ??
    (list.pageSizeField ? (ctx.input[list.pageSizeField] as number | undefined) : undefined) ??
    pageSize;

  const after = ctx.input.cursor ? decodeCursor(ctx.input.cursor, sortColumn, list.id.column) : undefined;
  // A fresh select each time: Drizzle's builders change in place, and the JSON page must keep no LIMIT of its own.
  const ordered = () => {
    const page = scopedQuery(list, ctx, wordOrder);
    const conditions: (SQL | undefined)[] = [page.where];
    if (after) {
      const [sortValue, idValue] = after;
      const op = dir === 'asc' ? sql`>` : sql`<`;
      conditions.push(
        sortColumn === list.id.column
          ? sql`${orderId} ${op} ${idValue}`
          : sql`(${orderColumn}, ${orderId}) ${op} (${sortValue}, ${idValue})`,
      );
    }
    return page.select.where(and(...conditions)).orderBy(...orderBy);
  };
  // Only the first page counts: a screen paging on keeps the count it has. Limits are written into
  // the statement, not bound: with a bound limit PostgreSQL cannot keep the prepared statement's
  // plan and plans it again on every call.
  const first = !ctx.input.cursor;
  const count = first && counted ? cappedCount(countable(list, ctx)) : undefined;
  const figures = first ? figuresOf(list, ctx, counted) : undefined;
  const pageFigures = first && list.pageFigures ? fromPage(list.pageFigures) : undefined;
  // The page is ordered again by the selected field that holds the sort column (outbox's `createdAt`
  // sort reads `id`, its insertion order; a price shown as dollars is sorted by its cents), never by
  // a field that merely shares the key.
  const sortField = sortColumn === list.id.column ? list.id.key : (holderOf(ordered(), sortColumn) ?? sortKey);
  return {
    page: () => ordered().limit(limit + 1),
    json: jsonPage(ordered(), {
      sortKey: sortField,
      idKey: list.id.key,
      dir,
      limit: limit + 1,
      count,
      figures,
      pageFigures,
    }),
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
export function countable(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>, also?: SQL): PgSelect {
  const { select, search, ...scoped } = scopedQuery(list, ctx);
  const where = also ? and(scoped.where, also) : scoped.where;
  const table = list.id.column.table;
  if (![...tablesOf(where)].every((t) => t === table || t === search?.words.table)) return select.where(where);
  const own = ctx.db.select({ one: sql`1` }).from(table).$dynamic();
  return (search ? joinWords(own, search) : own).where(where);
}

/**
 * The list's select and its given filters, kept within the caller's reach by the list's location
 * column; a filter searching a word table has that table joined (platform/words.ts), its words read
 * in `wordOrder` when the page is.
 */
export function scopedQuery(
  list: AnyList,
  ctx: ActionContext<Record<string, unknown>>,
  wordOrder?: SQL[],
): { select: PgSelect; where?: SQL; search?: WordSearch } {
  const query = list.query(ctx as never);
  const given = givenFilters(list.filters, { input: ctx.input, user: ctx.user });
  const search = given.map(wordSearchOf).find((w) => w !== undefined);
  const reach = list.reach === 'group' ? undefined : withinReach(ctx.user.reach, list.reach);
  const conditions = [...given, query.where, reach].filter((c) => c !== undefined);
  return {
    select: search ? joinWords(query.select, search, wordOrder) : query.select,
    where: conditions.length > 1 ? and(...conditions) : conditions[0],
    search,
  };
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
  selectedFields(select).find(
    ([, field]) =>
      is(field, Column) && field.name === column.name && getTableName(field.table) === getTableName(column.table),
  )?.[0];

/** A key written into the SQL as a literal or a quoted name: only a plain identifier, as every list's are. */
function plainIdentifier(key: string, what: string) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`${what} "${key}" must be a plain identifier.`);
}

/** The fields a select returns, in order; their keys name the JSON rows' fields. */
export function selectedFields(select: PgSelect): [string, unknown][] {
  const fields = (select as unknown as { getSelectedFields(): Record<string, unknown> }).getSelectedFields();
  for (const key of Object.keys(fields)) {
    // Keys go into the SQL as literals: only plain identifiers, as every list's select has.
    plainIdentifier(key, 'List field');
  }
  return Object.entries(fields);
}

/** The rows a query reads, counted up to one past the exact limit. */
const cappedCount = (query: PgSelect) =>
  sql<number>`(select count(*)::int from (${query} limit ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) as capped)`;

/** The first page's figures and, when the page is counted, its `counts`, as one JSON object. */
function figuresOf(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>, counted: boolean) {
  const given = list.figures?.(ctx as never, { counted });
  const counts =
    counted && list.counts
      ? Object.fromEntries(
          Object.entries(list.counts(ctx as never)).map(([key, also]) => [
            key,
            cappedCount(countable(list, ctx, also)),
          ]),
        )
      : undefined;
  if (!given) return counts && figuresObject(counts);
  if (!counts) return figuresObject(given);
  return is(given, SQL)
    ? sql`((${figuresObject(given)})::jsonb || (${figuresObject(counts)})::jsonb)::text`
    : figuresObject({ ...given, ...counts });
}

/** `pageFigures` over the page's rows, and the fields it reads (each carried up to the page's rows). */
function fromPage(pageFigures: NonNullable<AnyList['pageFigures']>) {
  const keys = new Set<string>();
  const expression = pageFigures((key) => {
    plainIdentifier(key, 'Page figure field');
    keys.add(key);
    return sql.raw(`p."${key}"`);
  });
  return { expression, keys: [...keys] };
}

/** A list's figures as one JSON object, its keys written as literals (plain identifiers only). */
function figuresObject(figures: Record<string, SQL<number>> | SQL<Record<string, number>>): SQL {
  if (is(figures, SQL)) return sql`(${figures})::text`;
  const pairs = Object.entries(figures).map(([key, value]) => {
    plainIdentifier(key, 'List figure');
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})::text`;
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
function jsonPage(
  page: PgSelect,
  o: {
    sortKey: string;
    idKey: string;
    dir: 'asc' | 'desc';
    limit: number;
    count?: SQL;
    figures?: SQL;
    pageFigures?: { expression: SQL; keys: string[] };
  },
): SQL {
  const keys = selectedFields(page).map(([key]) => key);
  const ref = (key: string) => `t."${key}"`;
  const order =
    o.sortKey === o.idKey ? `${ref(o.idKey)} ${o.dir}` : `${ref(o.sortKey)} ${o.dir}, ${ref(o.idKey)} ${o.dir}`;
  const limit = Math.trunc(o.limit);
  // A first page that holds every row is its own count: the count's statement runs only when the
  // page is full (PostgreSQL runs a subquery in a branch CASE does not take never), so a narrow
  // filter or a rare search term reads its matches once, not twice.
  const total = o.count
    ? sql`case when count(*) < ${sql.raw(String(Math.min(limit, EXACT_COUNT_LIMIT + 1)))} then count(*)::int else ${o.count} end`
    : sql`null::int`;
  // Figures the page can total itself, likewise: from its rows when it holds them all.
  const figures =
    o.pageFigures && o.figures
      ? sql`case when count(*) < ${sql.raw(String(limit))} then (${o.pageFigures.expression})::text else ${o.figures} end`
      : (o.figures ?? sql`null::text`);
  const carried = (o.pageFigures?.keys ?? []).map((key) => `, ${ref(key)} as "${key}"`).join('');
  // The LIMIT stays on the inner select, where it lets PostgreSQL stop the index scan at the page's
  // end; written as a literal, it does not make the prepared statement's plan depend on a value.
  return sql`select ${sql.raw(`string_agg(p.row, chr(30) order by p.n) filter (where p.n <= ${limit - 1}) as rows, count(*)::int as fetched,
      min(p.sort) filter (where p.n = ${limit - 1}) as sort, min(p.id) filter (where p.n = ${limit - 1}) as id`)},
      ${total} as total, ${figures} as figures
    from (select ${sql.raw(`row_to_json(t)::text as row, ${ref(o.sortKey)}::text as sort, ${ref(o.idKey)}::text as id, row_number() over (order by ${order}) as n${carried}`)}
      from (${page} limit ${sql.raw(String(limit))}) as t(${sql.raw(keys.map((k) => `"${k}"`).join(', '))})) as p`;
}

/**
 * The order a request asks for: a whitelisted sort column (or the default), then the unique id. A
 * search through a word table is ordered by the table's copies of them (`orderColumn`, `orderId`).
 */
export function listOrder(list: AnyList, input: Paging, words?: WordTable) {
  // Own keys only: `constructor` or `__proto__` would name what every object inherits.
  const sortKey = input.sort && Object.hasOwn(list.sorts, input.sort) ? input.sort : list.defaultSort;
  const dir = input.dir ?? list.defaultDir ?? 'asc';
  const sortColumn = list.sorts[sortKey];
  const orderColumn = words ? (copyOf(words, sortColumn) ?? unindexed(sortColumn)) : sortColumn;
  const orderId = words ? (copyOf(words, list.id.column) ?? unindexed(list.id.column)) : list.id.column;
  const order = dir === 'asc' ? (c: AnyPgColumn | SQL) => sql`${c} asc` : (c: AnyPgColumn | SQL) => sql`${c} desc`;
  const orderBy = sortColumn === list.id.column ? [order(orderId)] : [order(orderColumn), order(orderId)];
  // The order a word table's rows are read in, when the table copies every column of it.
  const wordOrder = words && copyOf(words, sortColumn) && copyOf(words, list.id.column) ? orderBy : undefined;
  return { sortKey, dir, sortColumn, orderColumn, orderId, orderBy, wordOrder };
}

/**
 * A column as an expression no index of its table serves. A search through a word table sorted by a
 * column the word table has no copy of (customers by name) is sorted after the join: walking the
 * record's own index in that order and looking each record's words up read 60,000 customers to
 * find 100 Garcias.
 */
const unindexed = (column: AnyPgColumn) => sql`coalesce(${column}, ${column})`;

/** EXPLAIN and COPY take no bind parameters: the values go in as quoted literals. */
export function inlineParams(query: PgSelect): string {
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
