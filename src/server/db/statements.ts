import { hash } from 'node:crypto';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';
import { poolLanes, type Plan } from './lanes';

const dialect = new PgDialect();

/** The text and parameters of a statement, as the driver receives them, and its prepared name. */
export function statementOf(query: SQL | { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = 'toSQL' in query ? query.toSQL() : dialect.sqlToQuery(query);
  return { sql: text, params, name: statementName(text) };
}

/** A prepared statement's name: a hash of its text, so one text is prepared once per connection. */
const statementName = (text: string) => hash('sha1', text, 'base64url');

/**
 * Runs a statement the busiest calls repeat (list pages and counts) and returns its raw rows. On
 * PostgreSQL it goes out as a named prepared statement (the name is a hash of its text): each
 * connection parses it once and PostgreSQL can keep its plan, where a list page with its joins
 * otherwise spends longer being planned than being run. It goes through the pool's pipelined lanes
 * (`lanes.ts`). The embedded database runs it as it is.
 */
export async function runStatement<T>(db: Db, query: SQL | (SQLWrapper & { toSQL(): { sql: string; params: unknown[] } }) | Statement): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params, name } = 'sql' in query ? query : statementOf(query);
    const lanes = poolLanes.get(client);
    if (lanes) return lanes.query<T>({ name, text, values: params }, planFor(params));
    return (await client.query({ name, text, values: params })).rows as T[];
  }
  if ('sql' in query) return (await (client as { query(text: string, params: unknown[]): Promise<{ rows: T[] }> }).query(query.sql, query.params)).rows;
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * How a statement is planned on the lanes: once, unless it binds a `like '%term%'` pattern, the one
 * kind of value its plan depends on (a search reads the trigram index for a term, where a generic
 * plan walks the whole table), so it is planned for its values on every call.
 */
export const planFor = (params: unknown[]): Plan => (params.some((v) => typeof v === 'string' && v.startsWith('%')) ? 'custom' : 'generic');

/** A statement already rendered: its text, parameters and prepared name (kept with it, so hashed once). */
export interface Statement {
  sql: string;
  params: unknown[];
  name: string;
}
