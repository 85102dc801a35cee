import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { testApp, type TestApp } from '../../../tests/helpers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { rateLimits, sessions, signinThrottles } from './platform.db';

/** A second server process on the same database, as production runs several. */
async function secondProcess(t: TestApp): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, database: t.database, logger: false, webRoot: '.tmp/no-web' });
  await app.ready();
  return app;
}

const signIn = (app: FastifyInstance, username: string, password: string, extra: Partial<InjectOptions> = {}) =>
  app.inject({ method: 'POST', url: '/api/actions/users/authenticate', payload: { username, password }, ...extra });

describe('the limits hold across server processes', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await testApp({ demo: false, env: { RATE_LIMIT_PER_MINUTE: '30' } });
    other = await secondProcess(t);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('allows 20 sign-in attempts a minute from a client in all, not per process', async () => {
    const address = '198.51.100.20';
    const statuses = [];
    for (let i = 0; i < 24; i++) {
      const app = i % 2 ? other : t.app;
      statuses.push((await signIn(app, `someone-${i}`, 'wrong', { remoteAddress: address })).statusCode);
    }
    expect(statuses).toEqual([...Array(20).fill(401), ...Array(4).fill(429)]);
    const refused = await signIn(other, 'someone', 'wrong', { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      success: false,
      data: {},
      errors: [expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/)],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    expect(refused.headers['x-ratelimit-limit']).toBe('20');
    // One row per client and route, counted in the database.
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `/api/actions/users/authenticate:${address}`));
    expect(row.hits).toBe(25);
    // Another client is not held by it.
    expect((await signIn(t.app, 'someone', 'wrong', { remoteAddress: '198.51.100.21' })).statusCode).toBe(401);
  });

  it("never counts the app's own files or the library's pictures: an address that loaded them keeps its whole limit", async () => {
    const remoteAddress = '198.51.100.25';
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    // Twice the limit in chunks and pictures, as a store's screens loading cold ask for them.
    for (let i = 0; i < 30; i++) {
      expect((await get(`/assets/Screen-${i}.js`)).statusCode).not.toBe(429);
      expect((await get(`/static/library/2026-model-${i}.jpg`)).statusCode).not.toBe(429);
    }
    const session = [];
    for (let i = 0; i < 30; i++) session.push((await get('/api/session')).statusCode);
    expect(session).toEqual(Array(30).fill(200));
    expect((await get('/api/session')).statusCode).toBe(429);
  });

  it('keeps the general limit within a tenth of it per process, synced in batches', async () => {
    const address = '198.51.100.30';
    const session = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/session', remoteAddress: address });
    let accepted = 0;
    for (let i = 0; i < 60; i++) {
      if ((await session(i % 2 ? other : t.app)).statusCode === 200) accepted += 1;
    }
    // Counted per process, 60 would pass; shared, 30 plus at most a tenth (3) per other process.
    expect(accepted).toBeGreaterThanOrEqual(30);
    expect(accepted).toBeLessThanOrEqual(30 + 3);
    await t.app.rateLimits.sync();
    await other.rateLimits.sync();
    const [row] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `all:${address}`));
    expect(row.hits).toBe(accepted);
    for (const app of [t.app, other]) {
      const refused = await session(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errors[0]).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('learns what the other process counted at the next sync', async () => {
    const address = '198.51.100.31';
    const session = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/session', remoteAddress: address });
    for (let i = 0; i < 30; i++) expect((await session(t.app)).statusCode).toBe(200);
    expect((await session(t.app)).statusCode).toBe(429);
    await t.app.rateLimits.sync();
    // The other process had counted nothing for this client: it lets at most a tenth through before it syncs.
    let passed = 0;
    for (let i = 0; i < 10; i++) if ((await session(other)).statusCode === 200) passed += 1;
    expect(passed).toBeLessThanOrEqual(3);
    await other.rateLimits.sync();
    expect((await session(other)).statusCode).toBe(429);
  });

  it('deletes expired rows a batch at a time, and forgotten sign-in throttles', async () => {
    await t.db.insert(rateLimits).values([
      { key: 'old:1', hits: 5, resetAt: sql`now() - interval '1 minute'` },
      { key: 'live:1', hits: 5, resetAt: sql`now() + interval '1 minute'` },
    ]);
    await t.db.insert(signinThrottles).values([
      { key: 'address:192.0.2.1', failures: 3, lastFailureAt: sql`now() - interval '25 hours'` },
      { key: 'address:192.0.2.2', failures: 0 },
      { key: 'address:192.0.2.3', failures: 3, lastFailureAt: sql`now() - interval '1 hour'` },
      {
        key: 'address:192.0.2.4',
        failures: 30,
        lastFailureAt: sql`now() - interval '25 hours'`,
        blockedUntil: sql`now() + interval '1 minute'`,
      },
    ]);
    await t.app.rateLimits.cleanup();
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('live:1');
    expect(keys).not.toContain('old:1');
    const throttles = (
      await t.db
        .select({ key: signinThrottles.key })
        .from(signinThrottles)
        .where(like(signinThrottles.key, 'address:192.0.2.%'))
    )
      .map((r) => r.key)
      .sort();
    expect(throttles).toEqual(['address:192.0.2.3', 'address:192.0.2.4']);
  });
});

describe('the client address (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Signs the admin in with X-Forwarded-For set, and returns the address the session recorded. */
  async function recordedAddress(app: FastifyInstance, forwarded: string, remoteAddress = '127.0.0.1') {
    const res = await signIn(app, 'admin', 'forecourt-demo', {
      headers: { 'x-forwarded-for': forwarded },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .orderBy(sql`${sessions.createdAt} desc`)
      .limit(1);
    return row.ip;
  }

  /** 21 sign-ins from one connection, each claiming another address: how many were refused by the limit. */
  async function rotate(app: FastifyInstance, prefix: string) {
    const statuses = [];
    for (let i = 1; i <= 21; i++) {
      statuses.push(
        (
          await signIn(app, `nobody-${prefix}-${i}`, 'wrong', {
            headers: { 'x-forwarded-for': `${prefix}.${i}` },
            remoteAddress: '192.0.2.200',
          })
        ).statusCode,
      );
    }
    return statuses.filter((s) => s === 429).length;
  }

  it('ignores X-Forwarded-For by default: rotating it changes neither the address nor the limit', async () => {
    expect(t.config.TRUST_PROXY).toBe(false);
    expect(await recordedAddress(t.app, '203.0.113.9')).toBe('127.0.0.1');
    expect(await rotate(t.app, '203.0.113')).toBe(1);
  });

  it('believes the proxies TRUST_PROXY names, by count or by address', async () => {
    for (const value of ['1', '192.0.2.0/24,127.0.0.1']) {
      const config = loadConfig({
        DATA_DIR: '.tmp/test-data',
        SESSION_SECRET: t.config.SESSION_SECRET,
        LOG_LEVEL: 'silent',
        SESSION_CACHE_SECONDS: '0',
        TRUST_PROXY: value,
      });
      const app = await buildApp({ config, database: t.database, logger: false, webRoot: '.tmp/no-web' });
      try {
        // A client that put its own X-Forwarded-For in front is read as the proxy saw it: the last entry.
        expect(await recordedAddress(app, '10.9.9.9, 203.0.113.7')).toBe('203.0.113.7');
        expect(await rotate(app, value === '1' ? '198.51.100' : '203.0.113')).toBe(0);
      } finally {
        await app.close();
      }
    }
    // A connection from an address the list does not name is its own address.
    const config = loadConfig({
      DATA_DIR: '.tmp/test-data',
      SESSION_SECRET: t.config.SESSION_SECRET,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '10.0.0.0/8',
    });
    const app = await buildApp({ config, database: t.database, logger: false, webRoot: '.tmp/no-web' });
    try {
      expect(await recordedAddress(app, '203.0.113.8', '192.0.2.77')).toBe('192.0.2.77');
    } finally {
      await app.close();
    }
  });
});
