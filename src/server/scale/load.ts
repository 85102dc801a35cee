import { once } from 'node:events';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { generators } from './all';
import type { Generator } from './generators';
import { seededRandom } from './random';

/** One CSV field as PostgreSQL's COPY reads it: arrays as `{…}` literals, null as an empty field. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (Array.isArray(value)) value = `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const text = String(value);
  return /[",\n\r]/.test(text) || text === '' ? `"${text.replace(/"/g, '""')}"` : text;
}

function ordered(all: Generator[]): Generator[] {
  const done = new Set<string>();
  const out: Generator[] = [];
  const visit = (g: Generator) => {
    if (done.has(g.table)) return;
    for (const dep of g.after ?? []) {
      const before = all.find((x) => x.table === dep);
      if (before) visit(before);
    }
    done.add(g.table);
    out.push(g);
  };
  all.forEach(visit);
  return out;
}

export interface LoadResult {
  table: string;
  rows: number;
  seconds: number;
  skipped?: 'exists' | 'no table';
}

/**
 * Fills each registered table to its row count at this scale with COPY. A table that already holds
 * that many rows is kept, so a second run adds nothing; otherwise it is emptied and refilled
 * (tables that reference it are emptied with it and refilled after it).
 */
export async function loadScale(
  pool: pg.Pool,
  scale: number,
  log: (line: string) => void = () => undefined,
): Promise<LoadResult[]> {
  const counts: Record<string, number> = {};
  const results: LoadResult[] = [];
  const now = new Date(Date.UTC(2026, 10, 1));
  // Vacuumed and analysed by their own step: the settling after each table checks only the tables
  // that triggers fill.
  const loaded = generators.flatMap((g) => [g.table, ...(g.derived ?? [])]);
  for (const generator of ordered(generators)) {
    const started = performance.now();
    const {
      rows: [exists],
    } = await pool.query<{ t: string | null }>('select to_regclass($1) as t', [generator.table]);
    if (!exists.t) {
      results.push({ table: generator.table, rows: 0, seconds: 0, skipped: 'no table' });
      continue;
    }
    const target = Math.max(generator.minRows ?? 1, Math.round(generator.fullRows * scale));
    const {
      rows: [{ n }],
    } = await pool.query<{ n: number }>(`select count(*)::int as n from "${generator.table}"`);
    counts[generator.table] = target;
    // A few rows beyond the target are the app's own (the admin, the bench user): keep the table.
    const kept = generator.approximate ? Math.abs(n - target) <= target / 10 : n >= target && n - target <= 10;
    if (kept) {
      results.push({ table: generator.table, rows: n, seconds: 0, skipped: 'exists' });
      log(`${generator.table}: ${n.toLocaleString('en-US')} rows already there`);
      continue;
    }
    const client = await pool.connect();
    try {
      // Truncated and loaded in one transaction, COPY FREEZE writes the rows already visible to all
      // (hint bits and visibility map set), as a table looks once autovacuum has been by: index-only
      // scans and counts then measure a settled database, not a freshly loaded one.
      await client.query('begin');
      await client.query(`truncate table "${generator.table}" restart identity cascade`);
      const stream = client.query(
        copyFrom(
          `copy "${generator.table}" (${generator.columns.map((c) => `"${c}"`).join(', ')}) from stdin with (format csv, freeze)`,
        ),
      );
      const random = seededRandom(hash(generator.table));
      let buffer: string[] = [];
      for (const row of generator.rows({ random, scale, rows: target, counts, now })) {
        buffer.push(row.map(field).join(','));
        if (buffer.length === 2000) {
          if (!stream.write(`${buffer.join('\n')}\n`)) await once(stream, 'drain');
          buffer = [];
        }
      }
      if (buffer.length) stream.write(`${buffer.join('\n')}\n`);
      stream.end();
      await once(stream, 'finish');
      await client.query('commit');
      // Also as autovacuum leaves it: the rows a GIN index took in sit in its pending list until a
      // vacuum merges them, and until then a trigram search scans that list (6 ms instead of 0.03).
      for (const table of [generator.table, ...(generator.derived ?? [])])
        await client.query(`vacuum analyze "${table}"`);
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    const seconds = (performance.now() - started) / 1000;
    results.push({ table: generator.table, rows: target, seconds });
    log(`${generator.table}: ${target.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s`);
    // After each table, not once at the end: a session keeps the plans of its triggers' statements
    // until the tables' statistics change. Where autovacuum is off, the loader's sessions linked
    // 200,000 appraisals to customers with plans made while the customers' tables were small, and had
    // not finished after 20 minutes (87 s in a new session; an analyze also renews the plans).
    await settleTriggerTables(pool, log, loaded);
  }
  // Then every table a later load's triggers changed, the generators' own too.
  await settleTriggerTables(pool, log);
  return results;
}

/**
 * Tables no generator fills but whose triggers took rows in as others loaded (a customer from each
 * contact, appraisal and order; the word tables), vacuumed and analysed as autovacuum would leave
 * them, so the bench measures them settled too.
 */
async function settleTriggerTables(pool: pg.Pool, log: (line: string) => void, skip: string[] = []) {
  const { rows } = await pool.query<{ table: string }>(
    `select relname as table from pg_stat_user_tables
      where schemaname = 'public' and (n_ins_since_vacuum > 0 or n_mod_since_analyze > 0) and relname <> all($1)
      order by relname`,
    [skip],
  );
  for (const { table } of rows) {
    const started = performance.now();
    await pool.query(`vacuum analyze "${table}"`);
    log(`${table}: vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** A stable seed per table, so adding a generator does not change the others' rows. */
function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}
