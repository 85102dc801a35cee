import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Db } from '../../server/db/client';
import { defineAction, type ActionContext } from '../../server/platform/actions';
import { AppError, assertUnreachable } from '../../server/platform/errors';
import { authCodes, sessions } from '../../server/platform/platform.db';
import { isSealed, seal, unseal } from '../../server/platform/sealed';
import { endSession, endUserSessions, startSession, type Session } from '../../server/platform/session';
import { hashPassword, verifyPassword } from '../../server/platform/passwords';
import { passGate, sendText } from '../../server/outreach/send-gate';
import { userEvents, userFactors, users } from './users.db';
import {
  authenticate,
  changePassword,
  enrolAuthenticator,
  factorLabels,
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
  releaseNotice,
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
}

type SignInCtx<I> = Pick<ActionContext<I>, 'db' | 'request' | 'reply' | 'services' | 'change'>;

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
  return { db, held, ip: request.ip };
}

type FailureType = 'signin_failed' | 'code_failed';
type Owner = { id: number; username: string; email: string };

/** An account's owner due an email about repeated failures, sent once the failure is committed. */
interface Warning {
  user: Owner;
  failures: number;
  type: FailureType;
  key: string;
  ip: string;
  at: Date;
  /** When the owner was told before: where the claim goes back if this email cannot be sent. */
  notifiedBefore: Date | null;
}

/**
 * A sign-in step's writes, in one part that commits whether it signs in or is refused (the failure's
 * count, decision 003), and the owner's warning due after them: sent with no transaction open.
 */
type Outcome<R> = ({ reply: R } | { refused: AppError }) & { warning: Warning | null };

/**
 * Counts a failed sign-in step against the account (or the unknown login) and the address, and for
 * a real account records the event and, after repeated failures, claims the owner's email (sent once
 * this commits: `warnOwner`). Nothing locks the account: the next tries wait instead
 * (signin-throttle.ts). The caller then answers its refusal, and the count is kept.
 */
async function recordFailure(
  attempt: Attempt,
  key: string,
  user: Owner | undefined,
  type: FailureType,
): Promise<Warning | null> {
  const { db, held, ip } = attempt;
  const counted = await countFailure(db, held);
  if (!user) return null;
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
  const notifiedBefore = held.rows.find((row) => row.key === key)?.notifiedAt ?? null;
  if (!(await claimNotice(db, held, key, failures))) return null;
  return {
    user: { id: user.id, username: user.username, email: user.email },
    failures,
    type,
    key,
    ip,
    at: held.now,
    notifiedBefore,
  };
}

/**
 * Tells the account's owner about repeated failures (when, from where, what an administrator can do),
 * with no transaction open. A mail server that fails leaves the count as it is; the owner's claimed
 * email goes back unsent, so the next failure tries again, and the account's events say so.
 */
async function warnOwner(ctx: SignInCtx<unknown>, warning: Warning | null) {
  if (!warning) return;
  const { user, failures, ip } = warning;
  try {
    await ctx.services.mail.send(ctx.db, {
      to: user.email,
      subject: 'Failed sign-ins to your Forecourt account',
      text: warningText(warning),
    });
  } catch (error) {
    ctx.request.log.warn({ err: error }, 'the owner of an account could not be told about failed sign-ins');
    await ctx.change(async (c) => {
      await releaseNotice(c.db, warning.key, warning.notifiedBefore);
      await recordEvent(c.db, user.id, 'signin_warning_failed', failureReason(error), ip);
    });
    return;
  }
  await ctx.change((c) =>
    recordEvent(c.db, user.id, 'signin_warning', `Emailed after ${failures} failures in a row`, ip),
  );
}

function warningText({ user, failures, type, ip, at }: Warning): string {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const what =
    type === 'code_failed'
      ? 'The last attempt had the right password but a wrong two-factor code, so your password is probably known to someone else: change it.'
      : 'The attempts used a wrong password.';
  return [
    `There have been ${failures} failed sign-ins in a row to your Forecourt account ${user.username}, the latest at ${when} from the address ${ip}.`,
    what,
    'Forecourt makes each further attempt wait longer; it does not lock the account by itself.',
    'If this was not you, ask a user administrator: they can lock the account until it is sorted out.',
  ].join('\n\n');
}

/** What a provider's failure says, for an account's events: its sentence, or that the log has it. */
const failureReason = (error: unknown) =>
  error instanceof AppError ? error.message : 'The provider failed; the server log has the details.';

/**
 * A sign-in step as an `outside` call (issue 29): its writes in one part (`step`), then the owner's
 * warning, emailed with no transaction open, then its reply or refusal.
 */
async function signInStep<I, R>(ctx: SignInCtx<I>, step: (c: ActionContext<I>) => Promise<Outcome<R>>): Promise<R> {
  const outcome = await ctx.change(step);
  await warnOwner(ctx as SignInCtx<unknown>, outcome.warning);
  if ('refused' in outcome) throw outcome.refused;
  return outcome.reply;
}

const lockedMessage = 'This account is locked. Ask a user admin to unlock it.';
const badCredentials = 'The username or password is not correct.';

/** The password step's writes: the attempt held and checked, a failure counted, or a session at the password stage. */
async function checkPassword({
  input,
  db,
  request,
  reply,
  services,
}: ActionContext<z.output<typeof authenticate.input>>): Promise<Outcome<z.input<typeof authenticate.output>>> {
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
    : await verifyPassword(await unknownUserHash, input.password).then(() => false);
  // An account an administrator locked answers the same whether the password was right or not, and
  // every attempt on it counts as a failure: neither the answer nor the wait tells a right guess.
  const warning = !valid || user?.accountLocked ? await recordFailure(attempt, key, user, 'signin_failed') : null;
  if (user?.accountLocked) return { refused: new AppError(403, lockedMessage), warning };
  if (!user || !valid) return { refused: AppError.unauthenticated(badCredentials), warning };
  const factors = await listFactors(db, user.id);
  await startSession(db, request, reply, services.config, { userId: user.id, stage: 'password' });
  return { reply: { authenticate: { success: true as const, factors, enrol: factors.length === 0 } }, warning };
}

defineAction({
  contract: authenticate,
  summary: 'Password step of sign-in (username or email).',
  permission: 'public',
  reach: 'group',
  rateLimit: 20,
  // The owner's warning after repeated failures is emailed once the failure's count has committed.
  outside: true,
  handler: (ctx) => signInStep(ctx, checkPassword),
});

// Verifying against a fixed hash when the user does not exist keeps the timing the same. Started as
// the module loads but not awaited there: an await at load lets the modules listed after this one
// register (and seed) before it.
const unknownUserHash = hashPassword('not-a-real-password');

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

/**
 * A code asked for again within this long, for the same method, is the one already on its way (a
 * double click, a second tab): the provider is not asked twice.
 */
const RESEND_AFTER_MS = 30_000;

/** The session's chosen method: an authenticator app's needs no code, and any code sent before is void. */
async function chooseFactor(db: Db, sessionId: string, factor: StoredFactor) {
  await db.update(sessions).set({ factorId: factor.id }).where(eq(sessions.id, sessionId));
  await db.delete(authCodes).where(eq(authCodes.sessionId, sessionId));
}

/**
 * The session's chosen method and a new code for it, kept only as its hash (the one code a session
 * has replaced), written before the code is sent. A code made for the same method in the last
 * RESEND_AFTER_MS stands instead, in the same statement, so two requests at once write one code and
 * send it once. Answers the new code, or null when one is already on its way.
 */
async function claimCode(db: Db, sessionId: string, factor: StoredFactor): Promise<string | null> {
  await db.update(sessions).set({ factorId: factor.id }).where(eq(sessions.id, sessionId));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + CODE_MINUTES * 60_000);
  // A code expiring later than this was made less than RESEND_AFTER_MS ago.
  const recent = new Date(expiresAt.getTime() - RESEND_AFTER_MS);
  const claimed = await db
    .insert(authCodes)
    .values({ sessionId, factorId: factor.id, codeHash: codeHash(sessionId, code), expiresAt })
    .onConflictDoUpdate({
      target: authCodes.sessionId,
      set: { factorId: factor.id, codeHash: codeHash(sessionId, code), expiresAt },
      setWhere: sql`${authCodes.factorId} <> ${factor.id} or ${authCodes.expiresAt} <= ${recent}`,
    })
    .returning({ sessionId: authCodes.sessionId });
  return claimed.length ? code : null;
}

/**
 * Sends the code by text or email with no transaction open (the text's record is a part of its own).
 * A send the provider did not take withdraws the code, with the account's event saying why, so the
 * screen's next request sends a new one at once; then the call fails with the provider's sentence.
 */
async function deliverCode(ctx: ActionContext<unknown>, factor: StoredFactor, code: string) {
  const text = `Your Forecourt sign-in code is ${code}. It expires in ${CODE_MINUTES} minutes.`;
  const session = ctx.session!;
  try {
    if (factor.type === 'sms')
      // Transactional: never held by quiet hours, but a number that replied STOP is still refused.
      await sendText(
        ctx.db,
        ctx.services,
        {
          to: factor.target!,
          body: text,
          purpose: 'transactional',
          userId: factor.userId,
          storedBody: 'Forecourt sign-in code (the code is not stored).',
        },
        (write) => ctx.change((c) => write(c.db)),
      );
    else await ctx.services.mail.send(ctx.db, { to: factor.target!, subject: 'Your Forecourt sign-in code', text });
  } catch (error) {
    await ctx.change(async (c) => {
      await c.db
        .delete(authCodes)
        .where(and(eq(authCodes.sessionId, session.id), eq(authCodes.codeHash, codeHash(session.id, code))));
      const why = `${factorLabels[factor.type]}: ${failureReason(error)}`;
      await recordEvent(c.db, factor.userId, 'code_not_sent', why, ctx.request.ip);
    });
    throw error;
  }
}

defineAction({
  contract: pushCode,
  summary: 'Chooses a factor; sends a code for text and email factors.',
  permission: 'pending',
  reach: 'group',
  rateLimit: 10,
  // The code is written first, then sent with no transaction open (issue 29).
  outside: true,
  async handler(ctx) {
    const { input, db, session, services } = ctx;
    const factor = await chosenFactor(db, session!.user.id, input);
    switch (factor.type) {
      case 'totp':
        await ctx.change((c) => chooseFactor(c.db, session!.id, factor));
        return { sent: false };
      case 'sms':
      case 'email': {
        // A number that replied STOP is refused before anything is written.
        if (factor.type === 'sms')
          await passGate(db, {
            to: factor.target!,
            channel: 'text',
            purpose: 'transactional',
            now: services.clock.now(),
          });
        const code = await ctx.change((c) => claimCode(c.db, session!.id, factor));
        if (code) await deliverCode(ctx, factor, code);
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

/** The code step's writes: the attempt held and checked, a failure counted, or the session signed in in full. */
async function checkSignInCode({
  input,
  db,
  session,
  request,
  reply,
  services,
}: ActionContext<z.output<typeof verifyCode.input>>): Promise<Outcome<z.input<typeof verifyCode.output>>> {
  const userId = session!.user.id;
  // Wrong codes count against the account and the address as wrong passwords do.
  const key = accountKey(userId);
  const attempt = await beginAttempt(key, { db, request, reply, services });
  const factor = await sessionFactor(db, session!);
  const sessionSecret = services.config.SESSION_SECRET;
  const { valid, step, totpSecret } = await checkCode(db, session!, factor, input.authCode, sessionSecret);
  if (!valid) {
    const warning = await recordFailure(attempt, key, session!.user, 'code_failed');
    return { refused: AppError.invalid('That code is not correct or has expired.', ['authCode']), warning };
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
  return { reply: { redirect: safeRedirect(input.redirect) }, warning: null };
}

defineAction({
  contract: verifyCode,
  summary: 'Code step of sign-in; on success the session is fully signed in under a new id.',
  permission: 'pending',
  reach: 'group',
  rateLimit: 20,
  // As the password step: the owner's warning after repeated wrong codes is emailed once the count has committed.
  outside: true,
  handler: (ctx) => signInStep(ctx, checkSignInCode),
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
