import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { testApp, type TestApp } from '../../../tests/helpers';
import { actionRoute } from './actions';
import { auditLog } from './platform.db';
import { jobCodes } from '../../modules/access/access.db';
import { allFlags, jobCodeFlags, type Flag } from '../../shared/permissions';
import { addAccess, editAccess, loadAccess, loadAccessList } from '../../modules/access/access.contract';
import { authenticate } from '../../modules/users/users.contract';
import { registeredActions } from '../../../tests/registries';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * The authorization matrix, generated from the registry: every action, including any added
 * later, must refuse an anonymous caller, a signed-in user without its flag, and a call without
 * the CSRF token — before it reads its input.
 */
describe('authorization matrix', () => {
  const actions = [...registeredActions().values()];
  it('covers every registered action', () => {
    expect(actions.length).toBeGreaterThan(20);
  });

  for (const action of actions) {
    const route = actionRoute(action);
    describe(route, () => {
      if (action.permission === 'public') {
        it('is public on purpose (the password step)', () => {
          // The staff password step, and the click-to-buy customers' own (a reset link, the lead login).
          expect(['users/authenticate', 'clicklane/set-password', 'clicklane/lead-login']).toContain(action.path);
        });
        return;
      }
      it('answers 401 to an anonymous caller', async () => {
        const res = await t.anonymous().call(route, {});
        expect(res.status).toBe(401);
        expect(res.body.success).toBe(false);
        expect(res.body.errors[0]).toMatch(/sign in/i);
      });
      if (action.permission === 'pending') {
        it('answers 401 to a fully signed-in session (two-factor calls need the password step)', async () => {
          const caller = await t.signedIn([...allFlags]);
          expect((await caller.call(route, {})).status).toBe(401);
        });
        return;
      }
      if (action.permission !== 'signedIn') {
        it(`answers 403 to a user without ${action.permission}`, async () => {
          const others = allFlags.filter((f) => f !== action.permission) as Flag[];
          const caller = await t.signedIn(others);
          const res = await caller.call(route, {});
          expect(res.status).toBe(403);
          expect(res.body.errors[0]).toBe('You do not have permission to do that.');
        });
        // A flag only a user carries (seed 002: seoPlannerCreate...) is never a job code's to grant.
        if ((jobCodeFlags as readonly string[]).includes(action.permission))
          it(`accepts ${action.permission} granted through a job code`, async () => {
            const code = `J${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
            await t.db.insert(jobCodes).values({ jobCode: code, longName: 'Matrix', flags: [action.permission] });
            const caller = await t.signedIn([], { jobCode: code });
            const res = await caller.call(route, {});
            expect([200, 400, 404, 409]).toContain(res.status);
          });
      }
      it('answers 403 without the CSRF token', async () => {
        const caller = await t.signedIn([...allFlags]);
        const res = await caller.call(route, {}, { csrf: false });
        expect(res.status).toBe(403);
        expect(res.body.errors[0]).toMatch(/reload the page/i);
      });
    });
  }
});

describe('the pipeline', () => {
  it('accepts the token in the X-CSRF-Token header and the .php alias', async () => {
    const caller = await t.signedIn(['accessAdmin']);
    const res = await caller.send<Record<string, any>>({
      method: 'POST',
      url: '/api/actions/sandbox-access/load-access-list.php',
      headers: { 'x-csrf-token': caller.csrfToken! },
      payload: {},
    });
    expect(res.status).toBe(200);
    expect(res.body.data.html).toContain('<table');
  });

  it('reads form-urlencoded bodies with a[]= lists and 1/0 checkboxes', async () => {
    const caller = await t.signedIn(['accessAdmin', 'messenger']);
    const res = await caller.call(
      'sandbox-access/add-access',
      { jobCode: 'FORM1', longName: 'Form test', messenger: 1, developer: 0 },
      { form: true },
    );
    expect(res.status).toBe(200);
    const loaded = await caller.act(loadAccess, { jobCode: 'FORM1' });
    expect(loaded.body.data.jobCode.flags).toEqual(['messenger']);
  });

  it('writes an audit row per mutation with who, what, before and after', async () => {
    const caller = await t.signedIn(['accessAdmin', 'phoneAdmin']);
    await caller.act(addAccess, { jobCode: 'AUDIT1', longName: 'Before' });
    await caller.act(editAccess, { jobCode: 'AUDIT1', longName: 'After', phoneAdmin: 1 });
    const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      userId: caller.userId,
      action: 'sandbox-access/edit-access',
      recordType: 'jobCode',
      recordId: 'AUDIT1',
      before: { longName: 'Before', flags: [] },
      after: { longName: 'After', flags: ['phoneAdmin'] },
    });
    expect(row.requestId).not.toBe('');
  });

  it('keeps the audit row of a refusal that keeps its writes, its secrets redacted (decision 003)', async () => {
    const user = await t.createUser();
    const res = await t.anonymous().act(authenticate, { username: user.username, password: 'not-the-password' });
    expect(res.status).toBe(401);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'users/authenticate'), eq(auditLog.requestId, String(res.headers['x-request-id']))),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, input: { username: user.username, password: '[redacted]' } });
  });

  it('writes no audit row for loads', async () => {
    const caller = await t.signedIn(['accessAdmin']);
    const [{ n: before }] = await t.db.select({ n: count() }).from(auditLog);
    await caller.act(loadAccessList, {});
    const [{ n: after }] = await t.db.select({ n: count() }).from(auditLog);
    expect(after).toBe(before);
  });

  it('answers hostile and oversized input with 400 and a sentence, and changes nothing', async () => {
    const caller = await t.signedIn(['accessAdmin']);
    const [{ n: before }] = await t.db.select({ n: count() }).from(jobCodes);
    const cases: Record<string, unknown>[] = [
      { jobCode: "X'; drop table users; --", longName: 'Evil' },
      { jobCode: 'HTML', longName: 'x'.repeat(10 * 1024 * 1024) },
      { jobCode: ['A', 'B'], longName: 'Array' },
      { jobCode: 'OK', longName: { $gt: '' } },
      { jobCode: 'OK2', longName: 'Fine', messenger: 'maybe' },
    ];
    for (const body of cases) {
      const res = await caller.actRaw(addAccess, body);
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errors[0]).toMatch(/^[A-Z].*\.$/);
      expect(res.body.data.fields!.length).toBeGreaterThan(0);
    }
    const [{ n: after }] = await t.db.select({ n: count() }).from(jobCodes);
    expect(after).toBe(before);
  });

  it('answers a body that cannot be parsed with 400, never 5xx', async () => {
    const caller = await t.signedIn(['accessAdmin']);
    const res = await caller.send<Record<string, any>>({
      method: 'POST',
      url: '/api/actions/sandbox-access/add-access',
      headers: { 'content-type': 'application/json', 'x-csrf-token': caller.csrfToken! },
      payload: '{"jobCode": ',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(/could not be read/);
  });

  it('answers an unknown action with 404 in the envelope', async () => {
    const res = await t.anonymous().call('nothing/here', {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, data: {}, errors: ['There is no such page or action.'] });
  });

  it('serves the health check, the session and the OpenAPI document of every action', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toMatchObject({ ok: true });
    // Every page carries helmet's secure headers, worked out once at start.
    expect(health.headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
    });
    const anon = await t.app.inject({ method: 'GET', url: '/api/session' });
    // API replies carry OWASP's set for APIs; the rate limit is told only once it is reached.
    expect(anon.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(anon.headers).not.toHaveProperty('x-ratelimit-remaining');
    expect(anon.headers).not.toHaveProperty('origin-agent-cluster');
    expect(anon.json().data).toMatchObject({ signedIn: false, user: null, csrfToken: null, publicUrl: null });
    const caller = await t.signedIn(['phoneAdmin']);
    const session = await caller.send<{ flags: string[]; csrfToken: string; user: { id: number } }>({
      method: 'GET',
      url: '/api/session',
    });
    expect(session.body.data.flags).toEqual(['phoneAdmin']);
    expect(session.body.data.csrfToken).toBe(caller.csrfToken);
    expect(session.body.data).toMatchObject({ publicUrl: t.config.PUBLIC_URL });
    // The API's map is for signed-in people (hardening.test.ts, finding 9).
    const doc = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      cookies: { forecourt_session: caller.cookie! },
    });
    const paths = Object.keys(doc.json().paths);
    for (const action of registeredActions().values()) expect(paths).toContain(actionRoute(action));
    expect(
      doc.json().paths['/api/actions/users/save-user'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('accountLocked');
  });
});
