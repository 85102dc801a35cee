import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { failProvider, holdProvider } from '../../../tests/provider-calls';
import { authenticator } from 'otplib';
import {
  ADMIN_TOTP_SECRET,
  Caller,
  testApp,
  TEST_PASSWORD,
  userById,
  type Reply,
  type TestApp,
} from '../../../tests/helpers';
import { auditLog, authCodes, outbox, rateLimits, sessions, signinThrottles } from '../../server/platform/platform.db';
import { AppError } from '../../server/platform/errors';
import { SESSION_COOKIE } from '../../server/platform/session';
import {
  eventLabels,
  authenticate,
  changePassword,
  enrolAuthenticator,
  loadProfile,
  loadUser,
  logout,
  pushCode,
  saveUser,
  signInFactors,
  unlockUser,
  verifyCode,
} from './users.contract';
import { allFlags } from '../../shared/permissions';
import { userEvents, userFactors, users } from './users.db';
import { seal, unseal } from '../../server/platform/sealed';
import { safeRedirect } from './auth.server';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

async function passwordStep(caller: Caller, username: string, password = TEST_PASSWORD) {
  return caller.act(authenticate, { username, password });
}

/** A code for the next 30-second window, so two sign-ins in one window both verify. */
const totp = (secret: string) => authenticator.generate(secret);

describe('sign-in with the admin TOTP factor', () => {
  it('authenticates by username, lists factors, and signs in with the code under a new session id', async () => {
    const caller = t.anonymous();
    const first = await passwordStep(caller, 'admin', 'forecourt-demo');
    expect(first.status).toBe(200);
    expect(first.body.data.authenticate).toMatchObject({
      success: true,
      enrol: false,
      factors: [{ factorType: 'totp', target: '' }],
    });
    const passwordCookie = caller.cookie;
    expect(passwordCookie).toBeTruthy();

    const session = await caller.send<{ pending: boolean; signedIn: boolean }>({ method: 'GET', url: '/api/session' });
    expect(session.body.data).toMatchObject({ pending: true, signedIn: false });

    const reloaded = await caller.act(signInFactors, {});
    expect(reloaded.body.data).toEqual(first.body.data);
    const factorId = first.body.data.authenticate.factors[0].factorId;
    expect((await caller.act(pushCode, { factorId, factorType: 'totp' })).body.data).toEqual({ sent: false });
    const verified = await caller.act(verifyCode, { authCode: totp(ADMIN_TOTP_SECRET), redirect: '/phones/?x=1' });
    expect(verified.status).toBe(200);
    expect(verified.body.data.redirect).toBe('/phones/?x=1');
    expect(caller.cookie).toBeTruthy();
    expect(caller.cookie).not.toBe(passwordCookie);

    const full = await caller.send<{ signedIn: boolean; user: { username: string }; csrfToken: string }>({
      method: 'GET',
      url: '/api/session',
    });
    expect(full.body.data.signedIn).toBe(true);
    expect(full.body.data.user.username).toBe('admin');
    const [event] = await t.db.select().from(userEvents).orderBy(desc(userEvents.id)).limit(1);
    expect(event.type).toBe('signin');

    // The old cookie no longer opens anything.
    const stale = new Caller(t.app, passwordCookie);
    expect((await stale.send<{ signedIn: boolean }>({ method: 'GET', url: '/api/session' })).body.data.signedIn).toBe(
      false,
    );
  });

  it('accepts the email address instead of the username, case-insensitively', async () => {
    const res = await passwordStep(t.anonymous(), 'ADMIN@forecourt.test', 'forecourt-demo');
    expect(res.body.data.authenticate.success).toBe(true);
  });

  it('never redirects off the site', () => {
    for (const target of [
      '//evil.example/x',
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\t//evil.example',
      'javascript:alert(1)',
      '/%09/evil.example',
      '/%2F/evil.example',
      '/%5Cevil.example',
      'evil.example',
      '',
      ' /x',
      '/x\u0000',
    ]) {
      expect(safeRedirect(target), JSON.stringify(target)).toBe('/');
    }
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect('/users/edit?id=3')).toBe('/users/edit?id=3');
    expect(safeRedirect('/tools/phones?x=1')).toBe('/tools/phones?x=1');
    expect(safeRedirect('/phones/calls#today')).toBe('/phones/calls#today');
  });

  it('answers the code step with the redirect only when it stays on the site', async () => {
    const user = await t.createUser();
    const from = new From(t.app, nextAddress());
    const secret = authenticator.generateSecret(20);
    const [factor] = await t.db
      .insert(userFactors)
      .values({ userId: user.id, type: 'totp', secret, confirmed: true })
      .returning();
    const verifyWith = async (redirect: string) => {
      await passwordStep(from, user.username);
      await from.act(pushCode, { factorId: factor.id, factorType: 'totp' });
      await t.db.update(userFactors).set({ lastStep: 0 }).where(eq(userFactors.id, factor.id));
      const res = await from.act(verifyCode, { authCode: totp(secret), redirect });
      expect(res.status).toBe(200);
      return res.body.data.redirect;
    };
    expect(await verifyWith('/\t/evil.example')).toBe('/');
    expect(await verifyWith('/tools/phones?x=1')).toBe('/tools/phones?x=1');
  });
});

describe('a user with no factor enrols an authenticator app', () => {
  it('gets a QR code, confirms it with a code, and later signs in with it', async () => {
    const user = await t.createUser();
    const caller = t.anonymous();
    const first = await passwordStep(caller, user.username);
    expect(first.body.data.authenticate).toMatchObject({ factors: [], enrol: true });
    const enrol = await caller.act(enrolAuthenticator, {});
    expect(enrol.body.data.qr).toMatch(/^data:image\/png;base64,/);
    expect(enrol.body.data.otpauthUrl).toContain(`secret=${enrol.body.data.secret}`);
    const wrong = await caller.act(verifyCode, { authCode: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual(['authCode']);
    const ok = await caller.act(verifyCode, { authCode: totp(enrol.body.data.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.redirect).toBe('/');
    const factors = await t.db.select().from(userFactors).where(eq(userFactors.userId, user.id));
    expect(factors).toMatchObject([{ type: 'totp', confirmed: true }]);
    // The database holds the app's key sealed, never as the QR code gave it.
    expect(factors[0].secret).toMatch(/^v1\./);
    expect(factors[0].secret).not.toContain(enrol.body.data.secret);
    expect(unseal(t.app.services.config.SESSION_SECRET, factors[0].secret!)).toBe(enrol.body.data.secret);
    expect((await userById(t.db, user.id)).lastSignInAt).not.toBeNull();

    const again = await passwordStep(t.anonymous(), user.username);
    expect(again.body.data.authenticate.enrol).toBe(false);
  });
});

describe('a code sent by email', () => {
  it('sends a six-digit code through the mail provider and accepts it once', async () => {
    const user = await t.createUser();
    const [factor] = await t.db
      .insert(userFactors)
      .values({ userId: user.id, type: 'email', target: user.email, confirmed: true })
      .returning();
    const caller = t.anonymous();
    const first = await passwordStep(caller, user.username);
    expect(first.body.data.authenticate.factors).toEqual([
      { factorId: factor.id, factorType: 'email', target: expect.stringMatching(/^t•••@forecourt\.test$/) },
    ]);
    const push = await caller.act(pushCode, { factorId: factor.id, factorType: 'email' });
    expect(push.body.data.sent).toBe(true);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.id));
    expect(mail.channel).toBe('email');
    const code = /(\d{6})/.exec(mail.body)![1];
    expect((await caller.act(verifyCode, { authCode: code })).status).toBe(200);
  });

  it('refuses a factor of another user', async () => {
    const owner = await t.createUser();
    const [factor] = await t.db
      .insert(userFactors)
      .values({ userId: owner.id, type: 'email', target: owner.email, confirmed: true })
      .returning();
    const other = await t.createUser();
    const caller = t.anonymous();
    await passwordStep(caller, other.username);
    const res = await caller.act(pushCode, { factorId: factor.id, factorType: 'email' });
    expect(res.status).toBe(404);
  });
});

/** A caller from its own address, so each test has its own rate limit and address throttle. */
class From extends Caller {
  constructor(
    app: TestApp['app'],
    readonly address: string,
    cookie?: string,
  ) {
    super(app, cookie);
  }

  override send<T>(request: InjectOptions): Promise<Reply<T>> {
    return super.send<T>({ ...request, remoteAddress: this.address });
  }
}

let addresses = 0;
/** A new address for a test: 198.51.100.x, then 203.0.113.x (documentation ranges). */
const nextAddress = () => {
  addresses += 1;
  return addresses < 250 ? `198.51.100.${addresses}` : `203.0.113.${addresses - 249}`;
};

/** The app's clock, stopped; `advance` moves it on. The route's rate limit (20 a minute) keeps real time. */
function stopClock() {
  let now = Date.now();
  t.app.services.clock.now = () => new Date(now);
  return {
    advance: (ms: number) => {
      now += ms;
    },
  };
}
afterEach(() => {
  t.app.services.clock.now = () => new Date();
});

const retryAfter = (res: Reply) => Number(res.headers['retry-after']);

describe('failed sign-ins slow further attempts down and never lock the account', () => {
  it('answers 429 with Retry-After past five failures, checks nothing while waiting, and lets the owner in once the wait is over', async () => {
    const clock = stopClock();
    const user = await t.createUser();
    const from = new From(t.app, nextAddress());
    for (let i = 1; i <= 5; i++) {
      const res = await passwordStep(from, user.username, 'wrong-password');
      expect(res.status).toBe(401);
      expect(res.body.errors).toEqual(['The username or password is not correct.']);
    }
    // The sixth failure is still told as one, and makes the next try wait a second.
    expect((await passwordStep(from, user.username, 'wrong-password')).status).toBe(401);
    const waiting = await passwordStep(from, user.username);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toEqual({
      success: false,
      data: {},
      errors: ['Too many failed sign-ins. Try again in 1 second.'],
    });
    expect(retryAfter(waiting)).toBe(1);
    // While waiting, even the right password is not checked, so a guess gains nothing.
    expect(caller(waiting)).toBeUndefined();
    clock.advance(1_000);
    expect((await passwordStep(from, user.username, 'wrong-again')).status).toBe(401);
    const longer = await passwordStep(from, user.username);
    expect(longer.status).toBe(429);
    expect(retryAfter(longer)).toBe(2);

    const row = await userById(t.db, user.id);
    expect(row.accountLocked).toBe(false);
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, user.id)).orderBy(userEvents.id);
    expect(events.map((e) => e.type)).toEqual(Array(7).fill('signin_failed'));
    expect(events.map((e) => e.detail).slice(4)).toEqual([
      'Attempt 5',
      'Attempt 6; next try allowed in 1 s',
      'Attempt 7; next try allowed in 2 s',
    ]);
    expect(events[0].ip).toBe(from.address);

    // Once the wait is over the owner's password works, and signing in clears the account's count.
    clock.advance(2_000);
    const signedIn = await signInWithCode(from, user.id, user.username);
    expect(signedIn.status).toBe(200);
    const [throttle] = await t.db
      .select()
      .from(signinThrottles)
      .where(eq(signinThrottles.key, `account:${user.id}`));
    expect(throttle).toMatchObject({ failures: 0, blockedUntil: null });
    for (let i = 1; i <= 5; i++) expect((await passwordStep(from, user.username, 'wrong-password')).status).toBe(401);
  });

  it('answers a login that matches nobody exactly as an account that exists', async () => {
    stopClock();
    const user = await t.createUser();
    const sequence = async (username: string) => {
      const from = new From(t.app, nextAddress());
      const replies = [];
      for (let i = 0; i < 8; i++) replies.push(await passwordStep(from, username, 'wrong-password'));
      return replies.map((r) => ({ status: r.status, body: r.body, retryAfter: r.headers['retry-after'] }));
    };
    const known = await sequence(user.username);
    const unknown = await sequence(`nobody-${user.username}`);
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect(
      await t.db
        .select()
        .from(signinThrottles)
        .where(eq(signinThrottles.key, `account:name:nobody-${user.username}`)),
    ).toMatchObject([{ failures: 6 }]);
  });

  it('takes about as long to refuse an unknown login as a wrong password', async () => {
    const user = await t.createUser();
    const from = new From(t.app, nextAddress());
    const time = async (username: string) => {
      const started = performance.now();
      expect((await passwordStep(from, username, 'wrong-password')).status).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(user.username));
      unknown.push(await time(`nobody-${i}-${user.username}`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1];
    // Both verify a password hash (no quick way out for an unknown login); what differs is the known
    // account's writes (its event, its throttle), which a busy two-core machine can make slower than
    // the hash itself. A skipped hash answers in a few milliseconds against the hash's 50 or more, so a
    // quarter of the known time still catches one.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
    expect(median(unknown)).toBeLessThan(median(known) * 2 + 25);
  });

  it('counts wrong codes against the account and the address, and checks no code while waiting', async () => {
    const clock = stopClock();
    const user = await t.createUser();
    await t.db
      .insert(userFactors)
      .values({ userId: user.id, type: 'totp', secret: ADMIN_TOTP_SECRET, confirmed: true });
    const from = new From(t.app, nextAddress());
    const first = await passwordStep(from, user.username);
    expect(first.status).toBe(200);
    await from.act(pushCode, { factorId: first.body.data.authenticate.factors[0].factorId, factorType: 'totp' });
    const wrongCode = '999999' === totp(ADMIN_TOTP_SECRET) ? '999998' : '999999';
    for (let i = 0; i < 6; i++) expect((await from.act(verifyCode, { authCode: wrongCode })).status).toBe(400);
    const waiting = await from.act(verifyCode, { authCode: totp(ADMIN_TOTP_SECRET) });
    expect(waiting.status).toBe(429);
    expect(waiting.body.errors).toEqual(['Too many failed sign-ins. Try again in 1 second.']);
    expect(retryAfter(waiting)).toBe(1);
    const throttles = await t.db
      .select()
      .from(signinThrottles)
      .where(inArray(signinThrottles.key, [`account:${user.id}`, `address:${from.address}`]))
      .orderBy(signinThrottles.key);
    expect(throttles.map((r) => [r.key, r.failures])).toEqual([
      [`account:${user.id}`, 6],
      [`address:${from.address}`, 6],
    ]);
    const events = await t.db.select().from(userEvents).where(eq(userEvents.userId, user.id));
    expect(events.filter((e) => e.type === 'code_failed')).toHaveLength(6);
    expect((await userById(t.db, user.id)).accountLocked).toBe(false);
    // The account waits for everyone: the password step from elsewhere is held too.
    expect((await passwordStep(new From(t.app, nextAddress()), user.username)).status).toBe(429);
    clock.advance(1_000);
    expect((await from.act(verifyCode, { authCode: totp(ADMIN_TOTP_SECRET) })).status).toBe(200);
  });

  it('slows one address down across many accounts after twenty failures', async () => {
    stopClock();
    const from = new From(t.app, nextAddress());
    const statuses = [];
    for (let i = 0; i < 22; i++) {
      // The route's own limit (20 a minute from an address) would answer first; here the throttle is tested.
      if (i === 20) await t.db.delete(rateLimits);
      statuses.push((await passwordStep(from, `sprayed-${i}-${from.address}`, 'Winter2024!')).status);
    }
    expect(statuses).toEqual([...Array(21).fill(401), 429]);
    // Another address is not held by it.
    const user = await t.createUser();
    expect((await passwordStep(new From(t.app, nextAddress()), user.username)).status).toBe(200);
  });

  it('emails the owner at the tenth failure in a row, at most once an hour, with when and from where', async () => {
    const clock = stopClock();
    const user = await t.createUser();
    const from = new From(t.app, nextAddress());
    const mails = () => t.db.select().from(outbox).where(eq(outbox.to, user.email));
    for (let i = 1; i <= 12; i++) {
      expect((await passwordStep(from, user.username, 'wrong-password')).status).toBe(401);
      expect(await mails()).toHaveLength(i >= 10 ? 1 : 0);
      // Past the longest wait, so every attempt is checked.
      clock.advance(15 * 60_000);
    }
    const [mail] = await mails();
    expect(mail.subject).toBe('Failed sign-ins to your Forecourt account');
    expect(mail.body).toContain(`10 failed sign-ins in a row to your Forecourt account ${user.username}`);
    expect(mail.body).toContain(`from the address ${from.address}`);
    expect(mail.body).toMatch(/at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    expect(mail.body).toContain('they can lock the account');
    const events = await t.db
      .select()
      .from(userEvents)
      .where(and(eq(userEvents.userId, user.id), eq(userEvents.type, 'signin_warning')));
    expect(events).toMatchObject([{ detail: 'Emailed after 10 failures in a row', ip: from.address }]);
    expect(eventLabels.signin_warning).toBeTruthy();
    // An hour after the first email, the next failure tells the owner again.
    clock.advance(15 * 60_000);
    expect((await passwordStep(from, user.username, 'wrong-password')).status).toBe(401);
    expect(await mails()).toHaveLength(2);
  });

  it('keeps a lock an administrator set, with one answer whatever the password', async () => {
    const user = await t.createUser({ accountLocked: true });
    const from = new From(t.app, nextAddress());
    const right = await passwordStep(from, user.username);
    const wrong = await passwordStep(from, user.username, 'wrong-password');
    expect(right.status).toBe(403);
    expect(wrong).toMatchObject({ status: 403, body: right.body });
    expect(right.body.errors).toEqual(['This account is locked. Ask a user admin to unlock it.']);
    // Both count, so not even the wait that follows tells a right password from a wrong one.
    const [throttle] = await t.db
      .select()
      .from(signinThrottles)
      .where(eq(signinThrottles.key, `account:${user.id}`));
    expect(throttle.failures).toBe(2);
    expect(caller(right)).toBeUndefined();

    // An administrator who unlocks it clears what was counted meanwhile: the owner gets in at once.
    stopClock();
    for (let i = 0; i < 5; i++) await passwordStep(from, user.username, 'wrong-password');
    expect((await passwordStep(from, user.username)).status).toBe(429);
    const admin = await t.signedIn([...allFlags], { groupWide: true });
    expect((await admin.act(unlockUser, { userId: user.id })).status).toBe(200);
    expect((await passwordStep(from, user.username)).status).toBe(200);
  });

  it('holds a guesser to 11 passwords in the first minute and 18 in the first hour per account, 26 and 33 per address', async () => {
    const clock = stopClock();
    /** Guesses for an hour, retrying as soon as Retry-After allows; when each guess was checked. */
    const guess = async (target: (i: number) => { username: string; from: Caller }) => {
      const started = t.app.services.clock.now().getTime();
      const checked: number[] = [];
      for (let elapsed = 0; elapsed < 3_600_000; elapsed = t.app.services.clock.now().getTime() - started) {
        // The route's own limit (20 a minute from an address, real time) is measured elsewhere.
        await t.db.delete(rateLimits);
        const res = await passwordStep(target(checked.length).from, target(checked.length).username, 'wrong-guess');
        if (res.status === 401) checked.push(elapsed);
        else clock.advance(retryAfter(res) * 1000);
      }
      return { minute: checked.filter((at) => at < 60_000).length, hour: checked.length };
    };
    const user = await t.createUser();
    const addresses = Array.from({ length: 40 }, () => new From(t.app, nextAddress()));
    // One account: the same from one address or a new address for every guess.
    expect(await guess(() => ({ username: user.username, from: addresses[0] }))).toEqual({ minute: 11, hour: 18 });
    const other = await t.createUser();
    expect(await guess((i) => ({ username: other.username, from: addresses[1 + i] }))).toEqual({
      minute: 11,
      hour: 18,
    });
    // One address, a new login for every guess.
    const sprayer = new From(t.app, nextAddress());
    expect(await guess((i) => ({ username: `spray-${i}-${sprayer.address}`, from: sprayer }))).toEqual({
      minute: 26,
      hour: 33,
    });
  });

  it('rate-limits the password step', async () => {
    const limited = await testApp({ demo: false });
    try {
      const replies = [];
      for (let i = 0; i < 22; i++) replies.push(await passwordStep(limited.anonymous(), `someone-${i}`, 'nope'));
      expect(replies.slice(0, 20).map((r) => r.status)).toEqual(Array(20).fill(401));
      const last = replies.at(-1)!;
      expect(last.status).toBe(429);
      expect(last.body.errors[0]).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      // The limit is told once it is reached, with when to come back.
      expect(last.headers).toMatchObject({ 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0' });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(replies[0].headers).not.toHaveProperty('x-ratelimit-limit');
      // The `.php` spelling shares the count.
      expect(
        (await limited.anonymous().call('/api/actions/users/authenticate.php', { username: 'x', password: 'y' }))
          .status,
      ).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

/** Signs in with the password and an authenticator code, from this caller. */
async function signInWithCode(from: Caller, userId: number, username: string) {
  const secret = authenticator.generateSecret(20);
  await t.db.delete(userFactors).where(eq(userFactors.userId, userId));
  const [factor] = await t.db.insert(userFactors).values({ userId, type: 'totp', secret, confirmed: true }).returning();
  const first = await passwordStep(from, username);
  expect(first.status).toBe(200);
  await from.act(pushCode, { factorId: factor.id, factorType: 'totp' });
  return from.act(verifyCode, { authCode: totp(secret) });
}

/** The session cookie a reply set, if any. */
const caller = (res: Reply) => res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;

describe('sessions end when they should', () => {
  it('logout ends the session', async () => {
    const caller = await t.signedIn([]);
    expect((await caller.act(logout, {})).status).toBe(200);
    expect((await caller.act(loadProfile, {})).status).toBe(401);
  });

  it('an idle session expires', async () => {
    const caller = await t.signedIn([]);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (t.config.SESSION_IDLE_MINUTES + 1) * 60_000) })
      .where(eq(sessions.userId, caller.userId!));
    expect((await caller.act(loadProfile, {})).status).toBe(401);
  });

  it('a session expires after the absolute limit even when busy', async () => {
    const caller = await t.signedIn([]);
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - (t.config.SESSION_MAX_HOURS * 60 + 1) * 60_000) })
      .where(eq(sessions.userId, caller.userId!));
    expect((await caller.act(loadProfile, {})).status).toBe(401);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const user = await t.createUser();
    const here = await t.sessionFor(user.id);
    const elsewhere = await t.sessionFor(user.id);
    const wrong = await here.act(changePassword, { currentPassword: 'nope', newPassword: 'a-new-long-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual(['currentPassword']);
    const short = await here.act(changePassword, { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.body.errors[0]).toBe('New password must be at least 10 characters.');
    const before = { cookie: here.cookie!, csrfToken: here.csrfToken! };
    const ok = await here.act(changePassword, { currentPassword: TEST_PASSWORD, newPassword: 'a-new-long-password' });
    expect(ok.status).toBe(200);
    // This browser goes on under a new session id and CSRF token; the old id opens nothing.
    expect(here.cookie).toBeTruthy();
    expect(here.cookie).not.toBe(before.cookie);
    expect(ok.body.data.csrfToken).toMatch(/^[\w-]{20,}$/);
    expect(ok.body.data.csrfToken).not.toBe(before.csrfToken);
    expect((await new Caller(t.app, before.cookie, before.csrfToken).act(loadProfile, {})).status).toBe(401);
    const session = await here.send<{ signedIn: boolean; csrfToken: string }>({ method: 'GET', url: '/api/session' });
    expect(session.body.data).toMatchObject({ signedIn: true, csrfToken: ok.body.data.csrfToken });
    // The screen keeps working with the token from the reply; the old token is refused.
    here.csrfToken = before.csrfToken;
    expect((await here.act(loadProfile, {})).status).toBe(403);
    here.csrfToken = ok.body.data.csrfToken;
    expect((await here.act(loadProfile, {})).status).toBe(200);
    expect((await elsewhere.act(loadProfile, {})).status).toBe(401);
    const [kept] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(kept).toMatchObject({ stage: 'full', csrfToken: ok.body.data.csrfToken });
    expect((await passwordStep(t.anonymous(), user.username, 'a-new-long-password')).status).toBe(200);
  });

  it('locking an account ends its sessions at once', async () => {
    const admin = await t.signedIn(['userAdmin']);
    const user = await t.createUser();
    const victim = await t.sessionFor(user.id);
    const detail = (await admin.act(loadUser, { userId: user.id })).body.data.user;
    const res = await admin.act(saveUser, { ...detail, userId: user.id, accountLocked: 1 });
    expect(res.status).toBe(200);
    expect((await victim.act(loadProfile, {})).status).toBe(401);
    const [row] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, user.id)));
    expect(row.accountLocked).toBe(true);
  });
});

describe('TOTP codes are good once', () => {
  it('refuses the same code a second time', async () => {
    const user = await t.createUser();
    const secret = authenticator.generateSecret(20);
    const [factor] = await t.db
      .insert(userFactors)
      .values({ userId: user.id, type: 'totp', secret, confirmed: true })
      .returning();
    const code = totp(secret);
    const signIn = async () => {
      const caller = t.anonymous();
      await passwordStep(caller, user.username);
      await caller.act(pushCode, { factorId: factor.id, factorType: 'totp' });
      return caller.act(verifyCode, { authCode: code });
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
    await caller.act(pushCode, { factorId, factorType: 'totp' });
    return caller.act(verifyCode, { authCode: totp(secret) });
  };

  it('reads a key stored before sealing, and seals it at that sign-in', async () => {
    const user = await t.createUser();
    const secret = authenticator.generateSecret(20);
    const [factor] = await t.db
      .insert(userFactors)
      .values({ userId: user.id, type: 'totp', secret, confirmed: true })
      .returning();
    expect((await signIn(user.username, factor.id, secret)).status).toBe(200);
    const [stored] = await t.db.select().from(userFactors).where(eq(userFactors.id, factor.id));
    expect(stored.secret).toMatch(/^v1\./);
    expect(unseal(t.app.services.config.SESSION_SECRET, stored.secret!)).toBe(secret);
  });

  it('says what to do when a key was sealed under another server secret, and signs nobody in', async () => {
    const user = await t.createUser();
    const secret = authenticator.generateSecret(20);
    const [factor] = await t.db
      .insert(userFactors)
      .values({
        userId: user.id,
        type: 'totp',
        secret: seal('another-server-secret-of-enough-length-0', secret),
        confirmed: true,
      })
      .returning();
    const res = await signIn(user.username, factor.id, secret);
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      "This account's authenticator app can no longer be read (the server's secret changed); ask an administrator to reset two-factor.",
    ]);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), eq(sessions.stage, 'full')));
    expect(session).toBeUndefined();
  });
});

// Issue 29: the sign-in steps write what they must keep (a code's hash, a failure's count) in a part
// of their own, then ask the carrier or the mail server with no transaction open.
describe('sign-in steps ask their providers with no transaction open', () => {
  async function atTextCode(phone: string) {
    const user = await t.createUser();
    const [factor] = await t.db
      .insert(userFactors)
      .values({ userId: user.id, type: 'sms', target: phone, confirmed: true })
      .returning();
    const caller = t.anonymous();
    expect((await passwordStep(caller, user.username)).status).toBe(200);
    return { caller, factor, user };
  }
  const codesOf = (factorId: number) => t.db.select().from(authCodes).where(eq(authCodes.factorId, factorId));

  it('keeps the code (its hash) before the text goes; the same request meanwhile sends nothing more; the code that arrives signs in', async () => {
    const { caller, factor } = await atTextCode('+15055550161');
    const carrier = holdProvider(t.app.services.telephony, 'sendText');
    try {
      const first = caller.act(pushCode, { factorId: factor.id, factorType: 'sms' });
      await carrier.asked;
      // Committed while the carrier is asked: another connection reads it.
      expect(await codesOf(factor.id)).toHaveLength(1);
      const again = await caller.act(pushCode, { factorId: factor.id, factorType: 'sms' });
      expect(again.body.data).toEqual({ sent: true, target: '•••-0161' });
      carrier.release();
      expect((await first).body.data).toEqual({ sent: true, target: '•••-0161' });
    } finally {
      carrier.restore();
    }
    expect(carrier.calls()).toBe(1);
    const texts = await t.db.select().from(outbox).where(eq(outbox.to, '+15055550161'));
    expect(texts).toHaveLength(1);
    const code = /(\d{6})/.exec(texts[0].body)![1];
    expect((await caller.act(verifyCode, { authCode: code })).status).toBe(200);
  });

  it("withdraws a code the carrier did not take, the account's events saying why, and sends a new one at once when asked again", async () => {
    const { caller, factor, user } = await atTextCode('+15055550162');
    const down = 'The text provider did not answer; try again.';
    const restore = failProvider(t.app.services.telephony, 'sendText', AppError.upstream(down));
    let failed;
    try {
      failed = await caller.act(pushCode, { factorId: factor.id, factorType: 'sms' });
    } finally {
      restore();
    }
    expect(failed).toMatchObject({ status: 502, body: { errors: [down] } });
    expect(await codesOf(factor.id)).toEqual([]);
    const [event] = await t.db
      .select()
      .from(userEvents)
      .where(and(eq(userEvents.userId, user.id), eq(userEvents.type, 'code_not_sent')));
    expect(event).toMatchObject({ detail: `Text message code: ${down}` });
    expect(eventLabels.code_not_sent).toBe('Sign-in code not sent');
    // The code written first and its withdrawal, each with its audit row.
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'users/2fa-push'), eq(auditLog.userId, user.id)));
    expect(audits).toHaveLength(2);

    expect((await caller.act(pushCode, { factorId: factor.id, factorType: 'sms' })).status).toBe(200);
    expect(await codesOf(factor.id)).toHaveLength(1);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, '+15055550162'))).toHaveLength(1);
  });

  it("emails the owner once the tenth failure is counted; a mail server that fails keeps the count, says so in the account's events, and the next failure tries again", async () => {
    const clock = stopClock();
    const user = await t.createUser();
    const from = new From(t.app, nextAddress());
    const mails = () => t.db.select().from(outbox).where(eq(outbox.to, user.email));
    const throttle = async () =>
      (
        await t.db
          .select()
          .from(signinThrottles)
          .where(eq(signinThrottles.key, `account:${user.id}`))
      )[0];
    const wrong = async () => {
      const res = await passwordStep(from, user.username, 'wrong-password');
      clock.advance(15 * 60_000);
      return res;
    };
    for (let i = 1; i <= 9; i++) expect((await wrong()).status).toBe(401);

    const restore = failProvider(t.app.services.mail, 'send', AppError.upstream('The mail server did not answer.'));
    try {
      expect(await wrong()).toMatchObject({
        status: 401,
        body: { errors: ['The username or password is not correct.'] },
      });
    } finally {
      restore();
    }
    expect(await throttle()).toMatchObject({ failures: 10, notifiedAt: null });
    expect(await mails()).toEqual([]);
    const events = () =>
      t.db
        .select()
        .from(userEvents)
        .where(
          and(eq(userEvents.userId, user.id), inArray(userEvents.type, ['signin_warning', 'signin_warning_failed'])),
        )
        .orderBy(userEvents.id);
    expect(await events()).toMatchObject([
      { type: 'signin_warning_failed', detail: 'The mail server did not answer.' },
    ]);

    const mailServer = holdProvider(t.app.services.mail, 'send');
    try {
      const eleventh = wrong();
      await mailServer.asked;
      // The count and the claim of the email are committed before the mail server is asked.
      expect(await throttle()).toMatchObject({ failures: 11, notifiedAt: expect.any(Date) });
      mailServer.release();
      expect((await eleventh).status).toBe(401);
    } finally {
      mailServer.restore();
    }
    expect(await mails()).toHaveLength(1);
    expect((await events()).map((e) => [e.type, e.detail])).toEqual([
      ['signin_warning_failed', 'The mail server did not answer.'],
      ['signin_warning', 'Emailed after 11 failures in a row'],
    ]);
  });
});
