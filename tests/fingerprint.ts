import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

/**
 * What the platform writes whatever a request asks, refused or not: a session's last-seen time (at
 * most once a minute), the rate limiter's counters, and the housekeeping that deletes expired rate
 * limits and sign-in throttles on a timer. Left out of fingerprints by default.
 */
export const bookkeeping = ['sessions', 'rate_limits', 'signin_throttles'] as const;

/**
 * A cheap fingerprint of every table: its row count and the newest row version (`xmin`, the
 * transaction that wrote it). Any insert, update or delete that commits changes one of the two;
 * a rolled-back change and a `select … for update` change neither. One statement over all tables.
 */
export async function tableFingerprint(db: Db, skip: readonly string[] = bookkeeping): Promise<Record<string, string>> {
  const tables = await tableNames(db);
  const chosen = tables.filter((t) => !skip.includes(t.name));
  const union = chosen
    .map((t) => `select '${t.name}' as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as print from "${t.schema}"."${t.table}"`)
    .join(' union all ');
  const result = (await db.execute(sql.raw(union))) as unknown as { rows: { name: string; print: string }[] };
  return Object.fromEntries(result.rows.map((r) => [r.name, r.print]));
}

const names = new WeakMap<Db, Promise<{ schema: string; table: string; name: string }[]>>();

/** Every ordinary table outside the system schemas, as `schema.table` (public tables by name alone). */
function tableNames(db: Db) {
  let known = names.get(db);
  if (!known) {
    known = (db.execute(sql`select schemaname as schema, tablename as table from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`) as unknown as Promise<{ rows: { schema: string; table: string }[] }>)
      .then((r) => r.rows.map((row) => ({ ...row, name: row.schema === 'public' ? row.table : `${row.schema}.${row.table}` })));
    names.set(db, known);
  }
  return known;
}
