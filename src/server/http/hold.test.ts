import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { allFlags } from '../../shared/permissions';
import { loadServices, loadSources } from '../../modules/service/service.contract';
import { listContract } from '../../shared/contract';
import { optionalText } from '../../shared/fields';
import { users } from '../../modules/users/users.db';
import { actionRegistry } from '../platform/actions';
import { defineListAction, exportRegistry, listRegistry } from '../platform/lists';
import { SESSION_COOKIE } from '../platform/session';
import { registeredExports } from '../../../tests/registries';

/**
 * No request stops the server (the attack review, round two): a day past the calendar the
 * database and the day arithmetic share is refused before anything runs, and a download whose
 * statement fails ends that download only.
 */

// A download whose statement fails on a row, registered while this file runs (before its app is built) and removed after
// (a worker runs other files in the same process, and the registry's own tests must not see it).
const FAILING = listContract({
  path: 'test/failing-export',
  filters: { failAfter: optionalText(10) },
  row: z.object({ id: z.number() }),
  countKey: 'rowCount',
  exportRoute: '/test/failing-export',
});

let t: TestApp;
let all: Caller;
beforeAll(async () => {
  defineListAction({
    contract: FAILING,
    permission: 'developer',
    reach: 'group',
    bench: () => [],
    columns: [{ key: 'id', label: 'Id' }],
    sorts: { id: users.id },
    defaultSort: 'id',
    id: { key: 'id', column: users.id },
    export: { filename: 'failing' },
    // Division by zero on every row past the first `failAfter` of the users: PostgreSQL fails the statement there.
    filters: {
      failAfter: (n) =>
        sql`1 / (case when ${users.id} > (select min(id) from users) + ${Number(n)} then 0 else 1 end) = 1`,
    },
    query: ({ db }) => ({ select: db.select({ id: users.id }).from(users).$dynamic() }),
  });
  t = await testApp();
  all = await t.signedIn([...allFlags], { groupWide: true });
});
afterAll(async () => {
  await t?.close();
  listRegistry.delete(FAILING.path);
  actionRegistry.delete(`/api/actions/${FAILING.path}`);
  exportRegistry.delete(FAILING.exportRoute!);
});

const download = (url: string) => t.app.inject({ method: 'GET', url, cookies: { [SESSION_COOKIE]: all.cookie! } });
const healthy = async () => expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

describe('dates past the calendar', () => {
  it('refuses a report range in the year 9999 with the field named, and answers the next request', async () => {
    for (const report of [loadSources, loadServices]) {
      const res = await all.act(report, { minCreatedAt: '9999-12-01', maxCreatedAt: '9999-12-31' });
      expect(res.status, report.path).toBe(400);
      expect(res.body.errors[0]).toBe('From must be a date from 1900 to 2100.');
      expect(res.body.data.fields).toEqual(['minCreatedAt', 'maxCreatedAt']);
    }
    const bounded = await all.act(loadSources, { minCreatedAt: '1900-01-01', maxCreatedAt: '2100-12-31' });
    expect(bounded.status).toBe(200);
    expect(bounded.body.data.timeline.periods.length).toBeGreaterThan(2_000);
    await healthy();
  });

  it('refuses such a day on every download that takes a date, and serves the last day allowed', async () => {
    let dated = 0;
    for (const [route, { list }] of registeredExports()) {
      const days = Object.entries(list.fields as z.ZodRawShape)
        .filter(([, field]) => z.safeParse(field, '2026-11-02').success && !z.safeParse(field, 'not a day').success)
        .map(([key]) => key);
      for (const key of days) {
        dated += 1;
        const refused = await download(`${route}?${key}=9999-12-31`);
        expect(refused.statusCode, `${route} ${key}`).toBe(400);
        expect(refused.json().data.fields, `${route} ${key}`).toEqual([key]);
        const last = await download(`${route}?${key}=2100-12-31`);
        expect(last.statusCode, `${route} ${key}`).toBe(200);
        expect(last.headers['content-type']).toBe('text/csv; charset=utf-8');
      }
    }
    expect(dated).toBeGreaterThan(5);
    await healthy();
  });
});

describe('a download whose statement fails', () => {
  it('answers 500 when it fails before the first row, and the server goes on', async () => {
    const res = await download('/test/failing-export?failAfter=-1');
    expect(res.statusCode).toBe(500);
    expect(res.json().errors[0]).toMatch(/^There was an unexpected error\. It has been logged as /);
    await healthy();
  });

  it('cuts the download short when it fails after its first rows, and the server goes on', async () => {
    const res = await download('/test/failing-export?failAfter=2');
    // Before the headers went out it is a 500; after, a download that ends early (never the whole table).
    if (res.statusCode === 200) expect(res.body.split('\n').filter(Boolean).length).toBeLessThanOrEqual(4);
    else expect(res.statusCode).toBe(500);
    await healthy();
    expect((await download('/tools/outbox/export?channel=sms')).statusCode).toBe(200);
  });

  it('cuts a gzipped download short the same way, and the server goes on', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/test/failing-export?failAfter=2',
      headers: { 'accept-encoding': 'gzip' },
      cookies: { [SESSION_COOKIE]: all.cookie! },
    });
    expect([200, 500]).toContain(res.statusCode);
    await healthy();
  });
});
