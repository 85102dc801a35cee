import { hash } from 'node:crypto';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client';
import { renderSql } from './render';

/** The text and parameters of a statement, as the driver receives them, and its prepared name. */
export function statementOf(query: SQL | SQLWrapper): Statement {
  const { sql: text, params } = renderSql(query);
  return { sql: text, params, name: statementName(text) };
}

/** A prepared statement's name: a hash of its text, so one text is prepared once per connection. */
const statementName = (text: string) => hash('sha1', text, 'base64url');

/**
 * How PostgreSQL plans a statement. `generic`: once per connection, whatever the values (a list
 * page's filters pick the same index for any location or date), where PostgreSQL's own choice
 * re-planned the calls pages on every call: 0.7 ms of its CPU on a 1.4 ms page. `custom`: for the
 * values of each call, for statements whose best plan depends on them (a text search: the trigram
 * index for a term; decision 010).
 */
export type Plan = 'generic' | 'custom';

/**
 * What each kind of list connection is set to: its plan mode, and serial plans. A page is small and
 * twenty staff ask at once: PostgreSQL's parallel workers, which it chose to count a search's
 * thousand matches, took 7 of its 9 ms to start on a two-core host, where each worker then waits
 * for a core the other requests need (decision 042).
 */
const listSettings = (plan: Plan) => [
  ['plan_cache_mode', plan === 'generic' ? 'force_generic_plan' : 'force_custom_plan'],
  ['max_parallel_workers_per_gather', '0'],
];

/** The settings as connection options (`-c name=value`), for the pools that open list connections. */
export const settingsOption = (plan: Plan) =>
  listSettings(plan)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

/** The same as statements, for a connection opened elsewhere (the bench's bare runs). */
export const planSetting = (plan: Plan) =>
  listSettings(plan)
    .map(([name, value]) => `set ${name} = ${value}`)
    .join('; ');

/** Each pool's connections for list statements, one pool per plan mode (client.ts). */
export const listPools = new WeakMap<pg.Pool, Record<Plan, pg.Pool>>();

/**
 * Runs a statement the busiest calls repeat (list pages and counts) and returns its raw rows. On
 * PostgreSQL it goes out as a named prepared statement (the name is a hash of its text) on the list
 * connections of its plan mode: each connection parses it once, then keeps its generic plan, or
 * plans a search for its term on every call (parsing it once still saves a third of a search's
 * time). The embedded database runs it as it is.
 */
export async function runStatement<T>(db: Db, query: SQL | SQLWrapper | Statement): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const statement = 'sql' in query ? query : statementOf(query);
    const { sql: text, params, name } = statement;
    const pool = listPools.get(client)?.[planOf(statement)] ?? client;
    return (await pool.query({ name, text, values: params })).rows as T[];
  }
  if ('sql' in query)
    return (
      await (client as { query(text: string, params: unknown[]): Promise<{ rows: T[] }> }).query(
        query.sql,
        query.params,
      )
    ).rows;
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * How a statement is planned: once, unless it binds a LIKE pattern (`'%term%'`, or a prefix
 * `'ABG0001%'`), the one kind of value its plan depends on (a search reads the trigram index for a
 * term and a prefix the pattern index for its range, where a generic plan, not knowing the pattern,
 * walks the whole table), so it is planned for its values on every call.
 */
export const planFor = (params: unknown[]): Plan =>
  params.some((v) => typeof v === 'string' && (v.startsWith('%') || v.endsWith('%'))) ? 'custom' : 'generic';

/** A statement already rendered: its text, parameters and prepared name (kept with it, so hashed once). */
export interface Statement {
  sql: string;
  params: unknown[];
  name: string;
  /** Planned for its values on every call whatever they are (a list filter marked `planned`). */
  plan?: Plan;
}

/** How a rendered statement is planned: as it says, else by its values (`planFor`). */
export const planOf = (statement: Statement): Plan => statement.plan ?? planFor(statement.params);
