import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import { runStatement } from './statements';

/** The list connections exist on PostgreSQL only (the embedded database has one); CI runs this with TEST_DATABASE_URL. */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('list statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  });
  afterAll(async () => {
    await database?.close();
  });

  const planMode = (term: string) =>
    runStatement<{ mode: string; term: string }>(
      database.db,
      sql`select current_setting('plan_cache_mode') as mode, ${term}::text as term`,
    );

  it('plans a list page once, whatever its values, and a search for its term every time (decision 010)', async () => {
    const [page] = await planMode('ABG');
    expect(page).toEqual({ mode: 'force_generic_plan', term: 'ABG' });
    const [search] = await planMode('%toy%');
    // Named on a connection that plans each call for the values it binds.
    expect(search).toEqual({ mode: 'force_custom_plan', term: '%toy%' });
  });

  it('answers many statements at once, each with its own rows', async () => {
    const numbers = Array.from({ length: 40 }, (_, i) => i);
    const rows = await Promise.all(
      numbers.map((n) => runStatement<{ n: number }>(database.db, sql`select ${n}::int * 2 as n`)),
    );
    expect(rows.map(([row]) => row.n)).toEqual(numbers.map((n) => n * 2));
  });
});
