import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { allFlags } from '../../shared/permissions';
import { loadUsers } from '../../modules/users/users.contract';
import { loadMailingList } from '../../modules/contacts/contacts.contract';
import { SESSION_COOKIE } from '../platform/session';
import { actionRoute } from '../platform/actions';

// API replies and downloads cross the wire gzipped when the browser accepts it (issue 31: a 62 KB
// list reply was sent as is); small replies are not worth it.

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signedIn([...allFlags], { groupWide: true });
});
afterAll(async () => {
  await t?.close();
});

const post = (encoding?: string) =>
  t.app.inject({
    method: 'POST',
    url: actionRoute(loadUsers),
    headers: encoding ? { 'accept-encoding': encoding } : {},
    cookies: { [SESSION_COOKIE]: admin.cookie! },
    payload: { csrfToken: admin.csrfToken, limit: 100 },
  });

it('gzips a list reply for a browser that accepts it, and sends the same reply as is otherwise', async () => {
  const [plain, zipped] = await Promise.all([post(), post('gzip, deflate, br')]);
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(zipped.headers.vary).toContain('accept-encoding');
  const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString());
  expect(unzipped).toEqual(plain.json());
  expect(plain.rawPayload.length).toBeGreaterThan(10_000);
  expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  // At the fastest level (app.ts): gzip's header says so in its tenth byte (XFL 4; 0 at the default level).
  expect(zipped.rawPayload[8]).toBe(4);
});

it('leaves a reply under a kilobyte as it is', async () => {
  const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
  expect(health.headers['content-encoding']).toBeUndefined();
  expect(health.json()).toMatchObject({ ok: true });
});

it('gzips a CSV download whole', async () => {
  const get = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: loadMailingList.exportRoute!,
      headers,
      cookies: { [SESSION_COOKIE]: admin.cookie! },
    });
  const [plain, zipped] = await Promise.all([get({}), get({ 'accept-encoding': 'gzip' })]);
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  expect(plain.body.split('\n').length).toBeGreaterThan(20);
});
