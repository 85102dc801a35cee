import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

/**
 * What the platform writes whatever a request asks, refused or not: a session's last-seen time (at
 * most once a minute), the rate limiter's counters, and the housekeeping that deletes expired rate
 * limits and sign-in throttles on a timer. Left out of fingerprints by default.
 */
export const bookkeeping = ['sessions', 'rate_limits', 'signin_throttles'] as const;

/**
 * A fingerprint of every table: how many statements have changed at least one of its rows (or
 * emptied it) and committed. Counted by statement-level triggers that a test database gets the first
 * time it is fingerprinted, in a table of the tests' own; a rolled-back change counts nothing, and
 * reading the fingerprint costs one small query however large the tables are (counting rows and
 * row versions of every table, as before, cost the fuzzing about 25 ms a case).
 */
export async function tableFingerprint(db: Db, skip: readonly string[] = bookkeeping): Promise<Record<string, string>> {
  await counted(db);
  const result = (await db.execute(sql`select name, writes::text as writes from test_table_writes`)) as unknown as {
    rows: { name: string; writes: string }[];
  };
  return Object.fromEntries(result.rows.filter((r) => !skip.includes(r.name)).map((r) => [r.name, r.writes]));
}

const installed = new WeakMap<Db, Promise<void>>();

/** Puts the counting triggers on every ordinary table outside the system schemas, once per database. */
function counted(db: Db): Promise<void> {
  let done = installed.get(db);
  if (!done) {
    done = (async () => {
      const name =
        "case when tg_table_schema = 'public' then tg_table_name else tg_table_schema || '.' || tg_table_name end";
      const count = `insert into test_table_writes as w (name, writes) values (${name}, 1) on conflict (name) do update set writes = w.writes + 1`;
      // One statement each (a prepared statement holds one); the triggers in one block.
      await db.execute(
        sql.raw('create table if not exists test_table_writes (name text primary key, writes bigint not null)'),
      );
      await db.execute(
        sql.raw(`create or replace function test_count_write() returns trigger language plpgsql as $$
        begin if exists (select 1 from changed) then ${count}; end if; return null; end $$`),
      );
      await db.execute(
        sql.raw(`create or replace function test_count_truncate() returns trigger language plpgsql as $$
        begin ${count}; return null; end $$`),
      );
      await db.execute(
        sql.raw(`do $$ declare t record; begin
        for t in select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema') and tablename <> 'test_table_writes' loop
          execute format('create trigger test_writes_insert after insert on %s referencing new table as changed for each statement execute function test_count_write()', t.name);
          execute format('create trigger test_writes_update after update on %s referencing new table as changed for each statement execute function test_count_write()', t.name);
          execute format('create trigger test_writes_delete after delete on %s referencing old table as changed for each statement execute function test_count_write()', t.name);
          execute format('create trigger test_writes_truncate after truncate on %s for each statement execute function test_count_truncate()', t.name);
        end loop; end $$`),
      );
    })();
    installed.set(db, done);
  }
  return done;
}
