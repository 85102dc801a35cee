import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Lanes, type Plan } from './lanes';
import { planFor } from './statements';

/** The lanes run on PostgreSQL only (the embedded database has one connection); CI runs this with TEST_DATABASE_URL. */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('pipelined lanes', () => {
  let lanes: Lanes;
  let admin: pg.Client;
  beforeAll(async () => {
    lanes = new Lanes({ connectionString: url });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await lanes.close();
    await admin.end();
  });

  it('answers each of many statements at once with its own rows, named or not', async () => {
    const numbers = Array.from({ length: 200 }, (_, i) => i);
    const rows = await Promise.all(numbers.map((n) => lanes.query<{ n: number }>({
      name: n % 2 ? 'lanes_test_named' : undefined, text: 'select $1::int * 2 as n', values: [n],
    })));
    expect(rows.map(([row]) => row.n)).toEqual(numbers.map((n) => n * 2));
  });

  it('fails only the statement that fails, not those pipelined with it', async () => {
    const [good, bad, after] = await Promise.allSettled([
      lanes.query({ text: 'select 1 as n' }),
      lanes.query({ text: 'select 1 / 0' }),
      lanes.query({ text: 'select 3 as n' }),
    ]);
    expect(good).toMatchObject({ status: 'fulfilled', value: [{ n: 1 }] });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
    expect(after).toMatchObject({ status: 'fulfilled', value: [{ n: 3 }] });
  });

  it('plans each statement as it is asked to, mixed on the same lanes', async () => {
    const asked = Array.from({ length: 40 }, (_, i): Plan => (i % 3 ? 'generic' : 'custom'));
    const rows = await Promise.all(asked.map((plan, i) => lanes.query<{ mode: string }>(
      { name: 'lanes_test_mode', text: "select current_setting('plan_cache_mode') as mode, $1::int as i", values: [i] }, plan,
    )));
    expect(rows.map(([row]) => row.mode)).toEqual(asked.map((plan) => (plan === 'generic' ? 'force_generic_plan' : 'force_custom_plan')));
  });

  it('opens a lane again after its connection is lost', async () => {
    const backends = await Promise.all(Array.from({ length: 8 }, () => lanes.query<{ pid: number }>({ text: 'select pg_backend_pid() as pid' })));
    const pids = [...new Set(backends.map(([row]) => row.pid))];
    expect(pids).toHaveLength(4);
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    await new Promise((r) => setTimeout(r, 100));
    // Statements sent on a lane that had not yet noticed may fail once; after that, every lane answers.
    await Promise.allSettled(Array.from({ length: 8 }, () => lanes.query({ text: 'select 1' })));
    const again = await Promise.all(Array.from({ length: 8 }, () => lanes.query<{ pid: number }>({ text: 'select pg_backend_pid() as pid' })));
    expect(again.every(([row]) => !pids.includes(row.pid))).toBe(true);
  });
});

describe('planFor', () => {
  it('plans a text search for its term, and any other statement once', () => {
    expect(planFor([11, '2026-10-10 10:26:31+00', '1940919'])).toBe('generic');
    expect(planFor([])).toBe('generic');
    expect(planFor([11, '%sandia%'])).toBe('custom');
  });
});
