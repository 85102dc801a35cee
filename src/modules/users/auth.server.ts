import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../server/db/client';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { AppError, assertUnreachable } from '../../server/platform/errors';
import { authCodes, sessions } from '../../server/platform/platform.db';
import type { Services } from '../../server/services';
import { isSealed, seal, unseal } from '../../server/platform/sealed';
import { endSession, endUserSessions, startSession, type Session } from '../../server/platform/session';
import { hashPassword, verifyPassword } from '../../server/platform/passwords';
import { sendText } from '../../server/outreach/send-gate';
import { userEvents, userFactors, users } from './users.db';
import {
  authenticate,
  changePassword,
  enrolAuthenticator,
  logout,
  pushCode,
  signInFactors,
  verifyCode,
  type Factor,
} from './users.contract';
import {
  accountKey,
  addressKey,
  claimNotice,
  clearFailures,
  countFailure,
  describeWait,
  holdThrottles,
  loginKey,
  throttled,
  waitingMs,
  type Held,
} from './signin-throttle';

authenticator.options = { window: 1 };

const CODE_MINUTES = 10;
const codeHash = (sessionId: string, code: string) => createHash('sha256').update(`${sessionId}:${code}`).digest('hex');

const REDIRECT_BASE = 'http://x.invalid';
/** Control characters (a URL parser drops a tab or a newline, so `/\t/x` is `//x`) and backslashes (read as `/`). */
const unsafeInPath = { test: (text: string) => [...text].some((c) => c <= '\u001f' || c === '\u007f' || c === '\\') };

/**
 * A sign-in target must stay on this site: a path of this origin, never another host. Checked as a
 * browser resolves it, and once more decoded, so that no reading of it leaves the site.
 */
export function safeRedirect(target: string | undefined): string {
  if (!target || unsafeInPath.test(target) || !target.startsWith('/') || target.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(target, REDIRECT_BASE);
  } catch {
    return '/';
  }
  if (url.origin !== REDIRECT_BASE || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return '/';
  }
  if (unsafeInPath.test(decoded) || decoded.startsWith('//')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

export async function recordEvent(db: Db, userId: number, type: string, detail = '', ip = '', byUserId?: number) {
  await db.insert(userEvents).values({ userId, type, detail, ip, byUserId: byUserId ?? null });
}

function mask(type: Factor['factorType'], target: string | null): string {
  if (!target) return '';
  if (type === 'sms') return `•••-${target.slice(-4)}`;
  if (type === 'email') return target.replace(/^(.).*(@.*)$/, '$1•••$2');
  return '';
}

export async function listFactors(db: Db, userId: number): Promise<Factor[]> {
  const rows = await db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), eq(userFactors.confirmed, true)))
    .orderBy(userFactors.id);
  return rows.map((f) => ({ factorId: f.id, factorType: f.type, target: mask(f.type, f.target) }));
}

interface Attempt {
  db: Db;
  held: Held;
  ip: string;
  services: Services;
  log: { warn(object: object, message: string): void };
}

/**
 * The start of a sign-in step (password or code) for an account, or a login that matches nobody:
 * its throttles and the address's are held for the step, and while either waits the step answers
 * 429 without checking anything, so guessing gains nothing.
 */
async function beginAttempt(
  key: string,
  { db, request, reply, services }: Pick<ActionContext<unknown>, 'db' | 'request' | 'reply' | 'services'>,
): Promise<Attempt> {
  const held = await holdThrottles(db, [key, addressKey(request.ip)], services.clock.now());
  const wait = waitingMs(held);
  if (wait > 0) throw throttled(reply, wait);
  return { db, held, ip: request.ip, services, log: request.log };
}

/**
 * Counts a failed sign-in step against the account (or the unknown login) and the address, and for
 * a real account records the event and, after repeated failures, emails its owner. Nothing locks
 * the account: the next tries wait instead (signin-throttle.ts). The caller then throws its error
 * with `.committing()`, so the count is kept although the call fails.
 */
async function recordFailure(
  attempt: Attempt,
  key: string,
  user: { id: number; username: string; email: string } | undefined,
  type: 'signin_failed' | 'code_failed',
) {
  const { db, held, ip } = attempt;
  const counted = await countFailure(db, held);
  if (!user) return;
  const failures = counted.failures.get(key) ?? 0;
  await recordEvent(
    db,
    user.id,
    type,
    `Attempt ${failures}${
      counted.waitMs
        ? `; next try allowed in ${describeWait(counted.waitMs)
            .replace(/ seconds?$/, ' s')
            .replace(/ minutes?$/, ' min')}`
        : ''
    }`,
    ip,
  );
  if (await claimNotice(db, held, key, failures)) await warnOwner(attempt, user, failures, type);
}

/** Tells the account's owner about repeated failures: when, from where, and what an administrator can do. */
async function warnOwner(
  attempt: Attempt,
  user: { id: number; username: string; email: string },
  failures: number,
  type: 'signin_failed' | 'code_failed',
) {
  const { db, held, ip, services } = attempt;
  const when = `${held.now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const what =
    type === 'code_failed'
      ? 'The last attempt had the right password but a wrong two-factor code, so your password is probably known to someone else: change it.'
      : 'The attempts used a wrong password.';
  const text = [
    `There have been ${failures} failed sign-ins in a row to your Forecourt account ${user.username}, the latest at ${when} from the address ${ip}.`,
    what,
    'Forecourt makes each further attempt wait longer; it does not lock the account by itself.',
    'If this was not you, ask a user administrator: they can lock the account until it is sorted out.',
  ].join('\n\n');
  try {
    await services.mail.send(db, { to: user.email, subject: 'Failed sign-ins to your Forecourt account', text });
    await recordEvent(db, user.id, 'signin_warning', `Emailed after ${failures} failures in a row`, ip);
  } catch (error) {
    // A mail server that fails must not undo the count of the failure.
    attempt.log.warn({ err: error }, 'the owner of an account could not be told about failed sign-ins');
  }
}

const lockedMessage = 'This account is locked. Ask a user admin to unlock it.';
const badCredentials = 'The username or password is not correct.';

defineAction({
  contract: authenticate,
  summary: 'Password step of sign-in (username or email).',
  permission: 'public',
  reach: 'group',
  rateLimit: 20,
  async handler({ input, db, request, reply, services }) {
    const login = input.username.toLowerCase();
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${login} or lower(${users.email}) = ${login}`)
      .limit(1);
    // A login that matches nobody is throttled under its name, exactly as an account would be.
    const key = user ? accountKey(user.id) : loginKey(login);
    const attempt = await beginAttempt(key, { db, request, reply, services });
    const valid = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyPassword(dummyHash, input.password).then(() => false);
    // An account an administrator locked answers the same whether the password was right or not, and
    // every attempt on it counts as a failure: neither the answer nor the wait tells a right guess.
    if (!valid || user?.accountLocked) await recordFailure(attempt, key, user, 'signin_failed');
    if (user?.accountLocked) throw new AppError(403, lockedMessage).committing();
    if (!user || !valid) throw AppError.unauthenticated(badCredentials).committing();
    const factors = await listFactors(db, user.id);
    await startSession(db, request, reply, services.config, { userId: user.id, stage: 'password' });
    return { authenticate: { success: true as const, factors, enrol: factors.length === 0 } };
  },
});

// Verifying against a fixed hash when the user does not exist keeps the timing the same.
const dummyHash = await hashPassword('not-a-real-password');

type StoredFactor = typeof userFactors.$inferSelect;

/** The factor the screen chose: the account's own, confirmed, and of the type the screen showed. */
async function chosenFactor(db: Db, userId: number, input: { factorId: number; factorType: Factor['factorType'] }) {
  const [factor] = await db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.id, input.factorId), eq(userFactors.userId, userId), eq(userFactors.confirmed, true)));
  if (!factor || factor.type !== input.factorType)
    throw AppError.notFound('That sign-in method is not set up for this account.');
  return factor;
}

/** A new code for the session, kept only as its hash, sent by text or email to the factor's target. */
async function sendCode(db: Db, services: Services, sessionId: string, factor: StoredFactor) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(authCodes).values({
    sessionId,
    factorId: factor.id,
    codeHash: codeHash(sessionId, code),
    expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
  });
  const text = `Your Forecourt sign-in code is ${code}. It expires in ${CODE_MINUTES} minutes.`;
  if (factor.type === 'sms') {
    // Transactional: never held by quiet hours, but a number that replied STOP is still refused.
    await sendText(db, services, {
      to: factor.target!,
      body: text,
      purpose: 'transactional',
      userId: factor.userId,
      storedBody: 'Forecourt sign-in code (the code is not stored).',
    });
  } else {
    await services.mail.send(db, { to: factor.target!, subject: 'Your Forecourt sign-in code', text });
  }
}

defineAction({
  contract: pushCode,
  summary: 'Chooses a factor; sends a code for text and email factors.',
  permission: 'pending',
  reach: 'group',
  rateLimit: 10,
  async handler({ input, db, session, services }) {
    const factor = await chosenFactor(db, session!.user.id, input);
    await db.update(sessions).set({ factorId: factor.id }).where(eq(sessions.id, session!.id));
    await db.delete(authCodes).where(eq(authCodes.sessionId, session!.id));
    switch (factor.type) {
      case 'totp':
        return { sent: false };
      case 'sms':
      case 'email': {
        await sendCode(db, services, session!.id, factor);
        return { sent: true, target: mask(factor.type, factor.target) };
      }
      default:
        return assertUnreachable(factor.type);
    }
  },
});

defineAction({
  contract: signInFactors,
  summary: 'The sign-in methods of the half-signed-in account, so the two-factor screen survives a reload.',
  permission: 'pending',
  reach: 'group',
  readOnly: true,
  async handler({ db, session }) {
    const factors = await listFactors(db, session!.user.id);
    return { authenticate: { success: true as const, factors, enrol: factors.length === 0 } };
  },
});

defineAction({
  contract: enrolAuthenticator,
  summary: 'Starts setting up an authenticator app for an account with no factor yet; returns the QR code.',
  permission: 'pending',
  reach: 'group',
  async handler({ db, session, services }) {
    const userId = session!.user.id;
    if ((await listFactors(db, userId)).length > 0)
      throw AppError.conflict('This account already has a sign-in method.');
    await db.delete(userFactors).where(and(eq(userFactors.userId, userId), eq(userFactors.confirmed, false)));
    const secret = authenticator.generateSecret(20);
    const [factor] = await db
      .insert(userFactors)
      .values({ userId, type: 'totp', secret: seal(services.config.SESSION_SECRET, secret), confirmed: false })
      .returning();
    await db.update(sessions).set({ factorId: factor.id }).where(eq(sessions.id, session!.id));
    const otpauthUrl = authenticator.keyuri(session!.user.email, 'Forecourt', secret);
    return {
      factorId: factor.id,
      secret,
      otpauthUrl,
      qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
    };
  },
});

/**
 * Whether a code is right for the session's chosen factor: an authenticator app's code for a time
 * step after the last one used (a code is good once), or the code sent for this session, unexpired.
 */
async function checkCode(db: Db, session: Session, factor: StoredFactor, code: string, sessionSecret: string) {
  if (factor.type !== 'totp') {
    const [sent] = await db.select().from(authCodes).where(eq(authCodes.sessionId, session.id));
    return {
      valid:
        !!sent &&
        sent.factorId === factor.id &&
        sent.expiresAt > new Date() &&
        sent.codeHash === codeHash(session.id, code),
      step: 0,
      totpSecret: null,
    };
  }
  const totpSecret = unseal(sessionSecret, factor.secret!);
  if (totpSecret === null) {
    throw AppError.conflict(
      "This account's authenticator app can no longer be read (the server's secret changed); ask an administrator to reset two-factor.",
    );
  }
  const delta = authenticator.checkDelta(code, totpSecret);
  const step = Math.floor(Date.now() / 30_000) + (delta ?? 0);
  return { valid: delta !== null && step > factor.lastStep, step, totpSecret };
}

/** The factor the session chose (pushCode), still the account's; until there is one no code is checked. */
async function sessionFactor(db: Db, session: Session) {
  if (!session.factorId) throw AppError.invalid('Choose how to receive your code first.', ['factorId']);
  const [factor] = await db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.id, session.factorId), eq(userFactors.userId, session.user.id)));
  if (!factor) throw AppError.invalid('Choose how to receive your code first.', ['factorId']);
  return factor;
}

/**
 * An authenticator app's code is good once: its time step is kept as the last used, and the factor
 * (if being set up) is confirmed. A secret stored before sealing is sealed now.
 */
async function useTotpStep(db: Db, factor: StoredFactor, step: number, totpSecret: string, sessionSecret: string) {
  const stored = isSealed(factor.secret!) ? factor.secret! : seal(sessionSecret, totpSecret);
  await db
    .update(userFactors)
    .set({ lastStep: step, confirmed: true, secret: stored })
    .where(eq(userFactors.id, factor.id));
}

/** The account's last sign-in, and its event naming the kind of code it took. */
async function recordSignIn(db: Db, userId: number, factorType: Factor['factorType'], ip: string) {
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
  await recordEvent(
    db,
    userId,
    'signin',
    `With ${factorType === 'totp' ? 'authenticator app' : factorType === 'sms' ? 'text message code' : 'email code'}`,
    ip,
  );
}

defineAction({
  contract: verifyCode,
  summary: 'Code step of sign-in; on success the session is fully signed in under a new id.',
  permission: 'pending',
  reach: 'group',
  rateLimit: 20,
  async handler({ input, db, session, request, reply, services }) {
    const userId = session!.user.id;
    // Wrong codes count against the account and the address as wrong passwords do.
    const key = accountKey(userId);
    const attempt = await beginAttempt(key, { db, request, reply, services });
    const factor = await sessionFactor(db, session!);
    const sessionSecret = services.config.SESSION_SECRET;
    const { valid, step, totpSecret } = await checkCode(db, session!, factor, input.authCode, sessionSecret);
    if (!valid) {
      await recordFailure(attempt, key, session!.user, 'code_failed');
      throw AppError.invalid('That code is not correct or has expired.', ['authCode']).committing();
    }
    // Signed in: the account's failures start over (the address's do not: one good account must not
    // clear the way for guesses at others from the same place).
    await clearFailures(db, key);
    await db.delete(authCodes).where(eq(authCodes.sessionId, session!.id));
    if (factor.type === 'totp') await useTotpStep(db, factor, step, totpSecret!, sessionSecret);
    if (!factor.confirmed) {
      await recordEvent(db, userId, 'factor_enrolled', 'Authenticator app', request.ip);
    }
    await recordSignIn(db, userId, factor.type, request.ip);
    await startSession(db, request, reply, services.config, { userId, stage: 'full' });
    return { redirect: safeRedirect(input.redirect) };
  },
});

defineAction({
  contract: logout,
  summary: 'Ends this session.',
  permission: 'signedIn',
  reach: 'group',
  async handler({ db, user, request, reply, services }) {
    await recordEvent(db, user.id, 'signout', '', request.ip);
    await endSession(db, request, reply, services.config);
    return {};
  },
});

defineAction({
  contract: changePassword,
  summary: 'Changes your own password; your other sessions end.',
  permission: 'signedIn',
  reach: 'group',
  rateLimit: 10,
  async handler({ input, db, user, request, reply, services }) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
      throw AppError.invalid('The current password is not correct.', ['currentPassword']);
    }
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    // This browser goes on under a new session id (an id someone saw before is worth nothing now),
    // with a new CSRF token the screen takes from the reply; every other session ends.
    const fresh = await startSession(db, request, reply, services.config, { userId: user.id, stage: 'full' });
    await endUserSessions(db, user.id, fresh.id);
    await recordEvent(db, user.id, 'password_changed', 'By the user', request.ip, user.id);
    return { csrfToken: fresh.csrfToken };
  },
});
