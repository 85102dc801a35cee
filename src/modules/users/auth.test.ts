import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { ADMIN_TOTP_SECRET, Caller, testApp, TEST_PASSWORD, userById, type TestApp } from '../../../tests/helpers';
import { outbox, sessions } from '../../server/platform/platform.db';
import { userEvents, userFactors, users } from './users.db';
import { seal, unseal } from '../../server/platform/sealed';
import { safeRedirect } from './auth.server';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

async function passwordStep(caller: Caller, username: string, password = TEST_PASSWORD) {
  return caller.call('users/authenticate', { username, password });
}

/** A code for the next 30-second window, so two sign-ins in one window both verify. */
const totp = (secret: string) => authenticator.generate(secret);

describe('sign-in with the admin TOTP factor', () => {
  it('authenticates by username, lists factors, and signs in with the code under a new session id', async () => {
    const caller = t.anonymous();
    const first = await passwordStep(caller, 'admin', 'forecourt-demo');
    expect(first.status).toBe(200);
    expect(first.body.data.authenticate).toMatchObject({ success: true, enrol: false, factors: [{ factorType: 'totp', target: '' }] });
    const passwordCookie = caller.cookie;
    expect(passwordCookie).toBeTruthy();

    const session = await caller.send<{ pending: boolean; signedIn: boolean }>({ method: 'GET', url: '/api/session' });
    expect(session.body.data).toMatchObject({ pending: true, signedIn: false });

    const reloaded = await caller.call('users/2fa-factors', {});
    expect(reloaded.body.data).toEqual(first.body.data);
    const factorId = first.body.data.authenticate.factors[0].factorId;
    expect((await caller.call('users/2fa-push', { factorId, factorType: 'totp' })).body.data).toEqual({ sent: false });
    const verified = await caller.call('users/2fa-verify', { authCode: totp(ADMIN_TOTP_SECRET), redirect: '/phones/?x=1' });
    expect(verified.status).toBe(200);
    expect(verified.body.data.redirect).toBe('/phones/?x=1');
    expect(caller.cookie).toBeTruthy();
    expect(caller.cookie).not.toBe(passwordCookie);

    const full = await caller.send<{ signedIn: boolean; user: { username: string }; csrfToken: string }>({ method: 'GET', url: '/api/session' });
    expect(full.body.data.signedIn).toBe(true);
    expect(full.body.data.user.username).toBe('admin');
    const [event] = await t.db.select().from(userEvents).orderBy(desc(userEvents.id)).limit(1);
    expect(event.type).toBe('signin');

    // The old cookie no longer opens anything.
    const stale = new Caller(t.app, passwordCookie);
    expect((await stale.send<{ signedIn: boolean }>({ method: 'GET', url: '/api/session' })).body.data.signedIn).toBe(false);
  });

  it('accepts the email address instead of the username, case-insensitively', async () => {
    const res = await passwordStep(t.anonymous(), 'ADMIN@forecourt.test', 'forecourt-demo');
    expect(res.body.data.authenticate.success).toBe(true);
  });

  it('never redirects off the site', () => {
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect('/users/edit?id=3')).toBe('/users/edit?id=3');
  });
});

describe('a user with no factor enrols an authenticator app', () => {
  it('gets a QR code, confirms it with a code, and later signs in with it', async () => {
    const user = await t.createUser();
    const caller = t.anonymous();
    const first = await passwordStep(caller, user.username);
    expect(first.body.data.authenticate).toMatchObject({ factors: [], enrol: true });
    const enrol = await caller.call('users/2fa-enrol', {});
    expect(enrol.body.data.qr).toMatch(/^data:image\/png;base64,/);
    expect(enrol.body.data.otpauthUrl).toContain(`secret=${enrol.body.data.secret}`);
    const wrong = await caller.call('users/2fa-verify', { authCode: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual(['authCode']);
    const ok = await caller.call('users/2fa-verify', { authCode: totp(enrol.body.data.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.redirect).toBe('/');
    const factors = await t.db.select().from(userFactors).where(eq(userFactors.userId, user.id));
    expect(factors).toMatchObject([{ type: 'totp', confirmed: true }]);
    // The database holds the app's key sealed, never as the QR code gave it.
    expect(factors[0].secret).toMatch(/^v1\./);
    expect(factors[0].secret).not.toContain(enrol.body.data.secret);
    expect(unseal(t.app.services.config.SESSION_SECRET, factors[0].secret!)).toBe(enrol.body.data.secret);
    expect((await userById(t.db, user.id)).failedAttempts).toBe(0);

    const again = await passwordStep(t.anonymous(), user.username);
    expect(again.body.data.authenticate.enrol).toBe(false);
  });
});

describe('a code sent by email', () => {
  it('sends a six-digit code through the mail provider and accepts it once', async () => {
    const user = await t.createUser();
    const [factor] = await t.db.insert(userFactors).values({ userId: user.id, type: 'email', target: user.email, confirmed: true }).returning();
    const caller = t.anonymous();
    const first = await passwordStep(caller, user.username);
    expect(first.body.data.authenticate.factors).toEqual([{ factorId: factor.id, factorType: 'email', target: expect.stringMatching(/^t•••@forecourt\.test$/) }]);
    const push = await caller.call('users/2fa-push', { factorId: factor.id, factorType: 'email' });
    expect(push.body.data.sent).toBe(true);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.id));
    expect(mail.channel).toBe('email');
    const code = /(\d{6})/.exec(mail.body)![1];
    expect((await caller.call('users/2fa-verify', { authCode: code })).status).toBe(200);
  });

  it('refuses a factor of another user', async () => {
    const owner = await t.createUser();
    const [factor] = await t.db.insert(userFactors).values({ userId: owner.id, type: 'email', target: owner.email, confirmed: true }).returning();
    const other = await t.createUser();
    const caller = t.anonymous();
    await passwordStep(caller, other.username);
    const res = await caller.call('users/2fa-push', { factorId: factor.id, factorType: 'email' });
    expect(res.status).toBe(404);
  });
});

describe('lockout', () => {
  it('locks the account after five failures in a row, records it, and refuses the right password', async () => {
    const user = await t.createUser();
    for (let i = 1; i <= 5; i++) {
      const res = await passwordStep(t.anonymous(), user.username, 'wrong-password');
      expect(res.status).toBe(401);
      expect(res.body.errors).toEqual(['The username or password is not correct.']);
    }
    const row = await userById(t.db, user.id);
    expect(row.accountLocked).toBe(true);
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, user.id));
    expect(events.map((e) => e.type)).toEqual([...Array(5).fill('signin_failed'), 'locked']);
    const locked = await passwordStep(t.anonymous(), user.username);
    expect(locked.status).toBe(403);
    expect(locked.body.errors[0]).toMatch(/locked/);
  });

  it('counts wrong codes too', async () => {
    const user = await t.createUser();
    await t.db.insert(userFactors).values({ userId: user.id, type: 'totp', secret: ADMIN_TOTP_SECRET, confirmed: true });
    const caller = t.anonymous();
    const first = await passwordStep(caller, user.username);
    await caller.call('users/2fa-push', { factorId: first.body.data.authenticate.factors[0].factorId, factorType: 'totp' });
    for (let i = 0; i < 5; i++) await caller.call('users/2fa-verify', { authCode: '999999' === totp(ADMIN_TOTP_SECRET) ? '999998' : '999999' });
    expect((await userById(t.db, user.id)).accountLocked).toBe(true);
  });

  it('gives an unknown username the same answer as a wrong password', async () => {
    const res = await passwordStep(t.anonymous(), 'nobody-by-that-name');
    expect(res.status).toBe(401);
    expect(res.body.errors).toEqual(['The username or password is not correct.']);
  });

  it('rate-limits the password step', async () => {
    const limited = await testApp({ demo: false });
    try {
      const replies = [];
      for (let i = 0; i < 22; i++) replies.push(await passwordStep(limited.anonymous(), 'admin', 'nope'));
      const last = replies.at(-1)!;
      expect(last.status).toBe(429);
      expect(last.body.errors[0]).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      // The limit is told once it is reached, with when to come back.
      expect(last.headers).toMatchObject({ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0' });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(replies[0].headers).not.toHaveProperty('x-ratelimit-limit');
    } finally {
      await limited.close();
    }
  });
});

describe('sessions end when they should', () => {
  it('logout ends the session', async () => {
    const caller = await t.signedIn([]);
    expect((await caller.call('users/logout')).status).toBe(200);
    expect((await caller.call('users/profile')).status).toBe(401);
  });

  it('an idle session expires', async () => {
    const caller = await t.signedIn([]);
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - (t.config.SESSION_IDLE_MINUTES + 1) * 60_000) })
      .where(eq(sessions.userId, caller.userId!));
    expect((await caller.call('users/profile')).status).toBe(401);
  });

  it('a session expires after the absolute limit even when busy', async () => {
    const caller = await t.signedIn([]);
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() - (t.config.SESSION_MAX_HOURS * 60 + 1) * 60_000) })
      .where(eq(sessions.userId, caller.userId!));
    expect((await caller.call('users/profile')).status).toBe(401);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const user = await t.createUser();
    const here = await t.sessionFor(user.id);
    const elsewhere = await t.sessionFor(user.id);
    const wrong = await here.call('users/change-password', { currentPassword: 'nope', newPassword: 'a-new-long-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual(['currentPassword']);
    const short = await here.call('users/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.body.errors[0]).toBe('New password must be at least 10 characters.');
    const ok = await here.call('users/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-long-password' });
    expect(ok.status).toBe(200);
    expect((await here.call('users/profile')).status).toBe(200);
    expect((await elsewhere.call('users/profile')).status).toBe(401);
    expect((await passwordStep(t.anonymous(), user.username, 'a-new-long-password')).status).toBe(200);
  });

  it('locking an account ends its sessions at once', async () => {
    const admin = await t.signedIn(['userAdmin']);
    const user = await t.createUser();
    const victim = await t.sessionFor(user.id);
    const detail = (await admin.call('users/load-user', { userId: user.id })).body.data.user;
    const res = await admin.call('users/save-user', { ...detail, userId: user.id, accountLocked: 1 });
    expect(res.status).toBe(200);
    expect((await victim.call('users/profile')).status).toBe(401);
    const [row] = await t.db.select().from(users).where(and(eq(users.id, user.id)));
    expect(row.accountLocked).toBe(true);
  });
});

describe('TOTP codes are good once', () => {
  it('refuses the same code a second time', async () => {
    const user = await t.createUser();
    const secret = authenticator.generateSecret(20);
    const [factor] = await t.db.insert(userFactors).values({ userId: user.id, type: 'totp', secret, confirmed: true }).returning();
    const code = totp(secret);
    const signIn = async () => {
      const caller = t.anonymous();
      await passwordStep(caller, user.username);
      await caller.call('users/2fa-push', { factorId: factor.id, factorType: 'totp' });
      return caller.call('users/2fa-verify', { authCode: code });
    };
    expect((await signIn()).status).toBe(200);
    const replay = await signIn();
    expect(replay.status).toBe(400);
    expect(replay.body.errors[0]).toBe('That code is not correct or has expired.');
  });
});

describe('authenticator keys are stored sealed', () => {
  const signIn = async (username: string, factorId: number, secret: string) => {
    const caller = t.anonymous();
    await passwordStep(caller, username);
    await caller.call('users/2fa-push', { factorId, factorType: 'totp' });
    return caller.call('users/2fa-verify', { authCode: totp(secret) });
  };

  it('reads a key stored before sealing, and seals it at that sign-in', async () => {
    const user = await t.createUser();
    const secret = authenticator.generateSecret(20);
    const [factor] = await t.db.insert(userFactors).values({ userId: user.id, type: 'totp', secret, confirmed: true }).returning();
    expect((await signIn(user.username, factor.id, secret)).status).toBe(200);
    const [stored] = await t.db.select().from(userFactors).where(eq(userFactors.id, factor.id));
    expect(stored.secret).toMatch(/^v1\./);
    expect(unseal(t.app.services.config.SESSION_SECRET, stored.secret!)).toBe(secret);
  });

  it('says what to do when a key was sealed under another server secret, and signs nobody in', async () => {
    const user = await t.createUser();
    const secret = authenticator.generateSecret(20);
    const [factor] = await t.db.insert(userFactors)
      .values({ userId: user.id, type: 'totp', secret: seal('another-server-secret-of-enough-length-0', secret), confirmed: true }).returning();
    const res = await signIn(user.username, factor.id, secret);
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual(['This account\'s authenticator app can no longer be read (the server\'s secret changed); ask an administrator to reset two-factor.']);
    const [session] = await t.db.select().from(sessions).where(and(eq(sessions.userId, user.id), eq(sessions.stage, 'full')));
    expect(session).toBeUndefined();
  });
});
