/**
 * `npx tsx bench/explain.ts <list path> '<filters as JSON>' ['<reach as JSON>']`: what a slow bench
 * case costs, on the bench database (BENCH_DATABASE_URL, default forecourt_bench), as the group-wide
 * bench user or, with a reach ('[10,11,12]'), a user of those stores: the statement the server runs
 * for those filters (counted, or not for a common search), its time per run on one connection
 * planned as the server plans it, and its EXPLAIN ANALYZE.
 */
import { z } from 'zod';
import '../src/server/modules';
import { openDatabase } from '../src/server/db/client';
import { planOf, planSetting } from '../src/server/db/statements';
import { listRegistry, listStatement } from '../src/server/platform/lists';
import { listPaging } from '../src/shared/fields';
import { allFlags } from '../src/shared/permissions';

const [path = '', filters = '{}', reach = '"group"'] = process.argv.slice(2);
const list = listRegistry.get(path);
if (!list) throw new Error(`No list at "${path}"; lists: ${[...listRegistry.keys()].join(', ')}`);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/forecourt_bench';
const database = await openDatabase({ databaseUrl, poolSize: 1 });
const input = z.object({ ...list.fields, ...listPaging }).parse({ ...JSON.parse(filters), view: 'rows' });
const user = { id: 0, flags: [...allFlags], reach: JSON.parse(reach) as 'group' | number[] };
const { statement, estimate } = await listStatement(list, { input, db: database.db, user } as never);
const client = await database.pool!.connect();
try {
  await client.query(planSetting(planOf(statement)));
  const run = () => client.query({ name: statement.name, text: statement.sql, values: statement.params });
  for (let i = 0; i < 20; i++) await run();
  const started = performance.now();
  for (let i = 0; i < 100; i++) await run();
  const each = (performance.now() - started) / 100;
  console.log(`${path} ${filters}: ${estimate === null ? 'counted' : `not counted (estimate ${estimate})`}`);
  console.log(`${each.toFixed(2)} ms per run on one connection\n`);
  const { rows } = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
  for (const row of rows) console.log(row['QUERY PLAN']);
} finally {
  client.release();
  await database.close();
}
