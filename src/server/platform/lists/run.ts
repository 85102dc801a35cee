import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { formatNumber } from '../../../shared/format';
import type { ListPage } from '../../../shared/lists';
import { planFor, runStatement, statementOf, type Statement } from '../../db/statements';
import type { ActionContext } from '../actions';
import { RawJson } from '../raw-json';
import { reachKey } from '../reach';
import { encodeCursor } from './cursor';
import { renderTable } from './html';
import { plannedFilterGiven } from './filters';
import { buildListQueries, countable, ESTIMATED_SEARCH_FROM, EXACT_COUNT_LIMIT, inlineParams } from './statement';
import type { AnyList, Paging, Row } from './types';

/**
 * The planner's row estimate for a query: no rows are read, and past the exact limit it is close
 * enough. It comes from the table statistics, which change only when PostgreSQL re-analyses the
 * table, so each estimate is kept for a minute by what it counts (`key`) rather than re-planned on
 * every load; the query is built only when it is not known.
 */
async function estimateRows(ctx: ActionContext<unknown>, key: string, query: () => PgSelect): Promise<number> {
  const known = estimates.get(key);
  if (known && known.until > Date.now()) return known.rows;
  const result = (await ctx.db.execute(sql.raw(`explain (format json) ${inlineParams(query())}`))) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const raw = result.rows[0]['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const rows = Math.round(plan[0].Plan['Plan Rows']);
  keep(estimates, key, { rows, until: Date.now() + 60_000 }, ESTIMATES_KEPT);
  return rows;
}

const ESTIMATES_KEPT = 1_000;
const estimates = new Map<string, { rows: number; until: number }>();

/**
 * Rendered list statements by list, then by exact input and user. Drizzle builds and renders a
 * list's statement in about 0.4 ms, a fifth of a small call; the first page of a screen's default
 * view is asked for again and again. The key holds everything a list's query reads (its input; the
 * user, should a list ever narrow by who asks), so a hit is the statement that would have been rendered.
 */
const rendered = keptPerList<{ statement: Statement; sortKey: string; dir: 'asc' | 'desc'; limit: number }>(2_000);

/** What a list's statements and estimates are kept by: everything its query reads (input, and who asks). */
const requestKey = (list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>) =>
  `${list.path} ${ctx.user.id} ${reachKey(ctx.user.reach)} ${JSON.stringify(ctx.input)}`;

function rendering(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>, key: string, counted: boolean) {
  return rendered(list, `${counted} ${key}`, () => {
    const q = buildListQueries(list, ctx, { counted });
    const statement = statementOf(q.json);
    if (plannedFilterGiven(list.filters, ctx.input)) statement.plan = 'custom';
    return { statement, sortKey: q.sortKey, dir: q.dir, limit: q.limit };
  });
}

/**
 * The statement a request runs, and whether its counts are the planner's: a first page searching
 * for a term the planner expects in thousands of rows (`ESTIMATED_SEARCH_FROM`) is not counted.
 */
export async function listStatement(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>) {
  const key = requestKey(list, ctx);
  const counted = rendering(list, ctx, key, true);
  const search = !ctx.input.cursor && planFor(counted.statement.params) === 'custom';
  const estimate = search ? await estimateRows(ctx as ActionContext<unknown>, key, () => countable(list, ctx)) : 0;
  return estimate >= ESTIMATED_SEARCH_FROM
    ? { ...rendering(list, ctx, key, false), key, estimate }
    : { ...counted, key, estimate: null };
}

/**
 * The list's `counts`: as the page's statement counted them, or the planner's estimates where it
 * did not count (a common search) or a count passed the exact limit.
 */
async function countsOf(
  list: AnyList,
  ctx: ActionContext<Paging & Record<string, unknown>>,
  key: string,
  counted: Record<string, number>,
): Promise<Record<string, number>> {
  const conditions = Object.entries(list.counts?.(ctx as never) ?? {});
  const found = await Promise.all(
    conditions.map(async ([name, also]) => {
      const exact = counted[name];
      if (exact !== undefined && exact <= EXACT_COUNT_LIMIT) return exact;
      const estimate = await estimateRows(ctx as ActionContext<unknown>, `${key} ${name}`, () =>
        countable(list, ctx, also),
      );
      return Math.max(estimate, exact ?? 0);
    }),
  );
  return Object.fromEntries(conditions.map(([name], i) => [name, found[i]]));
}

export async function runList(list: AnyList, ctx: ActionContext<Paging & Record<string, unknown>>) {
  const q = await listStatement(list, ctx);
  const [fetched] = await runStatement<{
    rows: string | null;
    fetched: number;
    sort: string | null;
    id: string | null;
    total: number | null;
    figures: string | null;
  }>(ctx.db, q.statement);
  let total: number | null = null;
  let estimated = false;
  if (q.estimate !== null) {
    total = q.estimate;
    estimated = true;
  } else if (!ctx.input.cursor) {
    const capped = fetched.total ?? 0;
    estimated = capped > EXACT_COUNT_LIMIT;
    total = estimated
      ? Math.max(await estimateRows(ctx as ActionContext<unknown>, q.key, () => countable(list, ctx)), capped)
      : capped;
  }
  const text =
    fetched.rows === null
      ? '[]'
      : list.rowFields
        ? `[${fetched.rows
            .split('\x1e')
            .map((row) => withRowFields(list, row))
            .join(',')}]`
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
  let figures = fetched.figures ? (JSON.parse(fetched.figures) as Record<string, number>) : {};
  if (list.counts && total !== null) figures = { ...figures, ...(await countsOf(list, ctx, q.key, figures)) };
  for (const [key, value] of Object.entries(figures)) {
    reply[key] = key.endsWith('Formatted') ? formatNumber(value) : value;
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
