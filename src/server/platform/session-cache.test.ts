import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp, type TestApp } from '../../../tests/helpers';
import { users } from '../../modules/users/users.db';
import { jobCodes } from '../../modules/access/access.db';
import { sessions } from './platform.db';
import { SessionCache, sessionCacheOf } from './session-cache';
import type { SessionRecord } from './session';
import { loadUsers, logout } from '../../modules/users/users.contract';

/** The session cache on, as in production: each test shows a change ending or changing a session at once. */
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ demo: false, env: { SESSION_CACHE_SECONDS: '60' } });
});
afterAll(async () => {
  await t?.close();
});

/** Repeats a call until it answers `status`: a change made outside this process arrives by NOTIFY. */
async function eventually(call: () => Promise<{ status: number }>, status: number) {
  let last = 0;
  for (let attempt = 0; attempt < 40; attempt++) {
    last = (await call()).status;
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  return last;
}

describe('the session cache', () => {
  it('keeps a session it has read, so the next call needs no lookup', async () => {
    const user = await t.signedIn(['userAdmin']);
    const id = createHash('sha256').update(user.cookie!).digest('hex');
    expect(sessionCacheOf(t.db)!.get(id)).toBeUndefined();
    expect((await user.act(loadUsers, {})).status).toBe(200);
    expect(sessionCacheOf<SessionRecord>(t.db)!.get(id)?.session?.user.id).toBe(user.userId);
  });

  it('does not keep what a read found when a change landed while it was reading', () => {
    const cache = new SessionCache<string>(60_000);
    cache.listening = true;
    const reading = cache.begin();
    cache.clear();
    cache.store('a', 'before the change', reading);
    expect(cache.get('a')).toBeUndefined();
    cache.store('a', 'after', cache.begin());
    expect(cache.get('a')).toBe('after');
    cache.listening = false;
    expect(cache.get('a')).toBeUndefined();
  });

  it('ends a session at once when the user signs out here', async () => {
    const user = await t.signedIn(['userAdmin']);
    expect((await user.act(loadUsers, {})).status).toBe(200);
    const cookie = user.cookie;
    expect((await user.act(logout, {})).status).toBe(200);
    user.cookie = cookie;
    expect((await user.act(loadUsers, {})).status).toBe(401);
  });

  it('drops a session when another process locks the user or deletes the session (NOTIFY from the triggers)', async () => {
    const locked = await t.signedIn(['userAdmin']);
    expect((await locked.act(loadUsers, {})).status).toBe(200);
    await t.db.update(users).set({ accountLocked: true }).where(eq(users.id, locked.userId!));
    expect(await eventually(() => locked.act(loadUsers, {}), 401)).toBe(401);

    const ended = await t.signedIn(['userAdmin']);
    expect((await ended.act(loadUsers, {})).status).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, ended.userId!));
    expect(await eventually(() => ended.act(loadUsers, {}), 401)).toBe(401);
  });

  it('sees a job code losing a flag at once', async () => {
    await t.db.insert(jobCodes).values({ jobCode: 'CACHE1', longName: 'Cache test', flags: ['userAdmin'] });
    const user = await t.signedIn([], { jobCode: 'CACHE1' });
    expect((await user.act(loadUsers, {})).status).toBe(200);
    await t.db.update(jobCodes).set({ flags: [] }).where(eq(jobCodes.jobCode, 'CACHE1'));
    expect(await eventually(() => user.act(loadUsers, {}), 403)).toBe(403);
  });
});
