import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Db } from '../../server/db/client';
import { defineAction } from '../../server/platform/actions';
import { AppError, assertUnreachable } from '../../server/platform/errors';
import { authCodes, sessions } from '../../server/platform/platform.db';
import { isSealed, seal, unseal } from '../../server/platform/sealed';
import { endSession, endUserSessions, startSession } from '../../server/platform/session';
import { sendText } from '../../server/providers/telephony/send-gate';
import { userEvents, userFactors, users } from './users.db';
import {
  authenticateInput, changePasswordInput, MAX_FAILED_ATTEMPTS, pushInput, verifyInput,
  type AuthenticateReply, type EnrolReply, type Factor,
} from './users.contract';

authenticator.options = { window: 1 };

const CODE_MINUTES = 10;
const codeHash = (sessionId: string, code: string) => createHash('sha256').update(`${sessionId}:${code}`).digest('hex');

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** A sign-in target must stay on this site: a path, never another host. */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
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
  const rows = await db.select().from(userFactors)
    .where(and(eq(userFactors.userId, userId), eq(userFactors.confirmed, true)))
    .orderBy(userFactors.id);
  return rows.map((f) => ({ factorId: f.id, factorType: f.type, target: mask(f.type, f.target) }));
}

/**
 * Counts a failure; the fifth in a row locks the account. The caller then throws its error
 * with `.committing()`, so the count is kept although the call fails.
 */
async function recordFailure(db: Db, userId: number, type: 'signin_failed' | 'code_failed', ip: string) {
  const [row] = await db.update(users)
    .set({ failedAttempts: sql`${users.failedAttempts} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedAttempts: users.failedAttempts });
  await recordEvent(db, userId, type, `Attempt ${row.failedAttempts} of ${MAX_FAILED_ATTEMPTS}`, ip);
  if (row.failedAttempts >= MAX_FAILED_ATTEMPTS) {
    await db.update(users).set({ accountLocked: true }).where(eq(users.id, userId));
    await recordEvent(db, userId, 'locked', `${MAX_FAILED_ATTEMPTS} failed attempts in a row`, ip);
    await endUserSessions(db, userId);
  }
}

const lockedMessage = 'This account is locked. Ask a user admin to unlock it.';
const badCredentials = 'The username or password is not correct.';

defineAction({
  path: 'users/authenticate',
  summary: 'Password step of sign-in (username or email).',
  permission: 'public',
  rateLimit: 20,
  input: authenticateInput,
  async handler({ input, db, request, reply, services }): Promise<AuthenticateReply> {
    const login = input.username.toLowerCase();
    const [user] = await db.select().from(users)
      .where(sql`lower(${users.username}) = ${login} or lower(${users.email}) = ${login}`)
      .limit(1);
    const valid = user ? await verify(user.passwordHash, input.password) : await verify(dummyHash, input.password).then(() => false);
    if (user?.accountLocked) throw new AppError(403, lockedMessage);
    if (!user || !valid) {
      if (!user) throw AppError.unauthenticated(badCredentials);
      await recordFailure(db, user.id, 'signin_failed', request.ip);
      throw AppError.unauthenticated(badCredentials).committing();
    }
    const factors = await listFactors(db, user.id);
    await startSession(db, request, reply, services.config, { userId: user.id, stage: 'password' });
    return { authenticate: { success: true, factors, enrol: factors.length === 0 } };
  },
});

// Verifying against a fixed hash when the user does not exist keeps the timing the same.
const dummyHash = await hashPassword('not-a-real-password');

defineAction({
  path: 'users/2fa-push',
  summary: 'Chooses a factor; sends a code for text and email factors.',
  permission: 'pending',
  rateLimit: 10,
  input: pushInput,
  async handler({ input, db, session, services }) {
    const [factor] = await db.select().from(userFactors)
      .where(and(eq(userFactors.id, input.factorId), eq(userFactors.userId, session!.user.id), eq(userFactors.confirmed, true)));
    if (!factor || factor.type !== input.factorType) throw AppError.notFound('That sign-in method is not set up for this account.');
    await db.update(sessions).set({ factorId: factor.id }).where(eq(sessions.id, session!.id));
    await db.delete(authCodes).where(eq(authCodes.sessionId, session!.id));
    switch (factor.type) {
      case 'totp':
        return { sent: false };
      case 'sms':
      case 'email': {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await db.insert(authCodes).values({
          sessionId: session!.id,
          factorId: factor.id,
          codeHash: codeHash(session!.id, code),
          expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
        });
        const text = `Your Forecourt sign-in code is ${code}. It expires in ${CODE_MINUTES} minutes.`;
        if (factor.type === 'sms') {
          // Transactional: never held by quiet hours, but a number that replied STOP is still refused.
          await sendText(db, services, { to: factor.target!, body: text, purpose: 'transactional', userId: factor.userId, storedBody: 'Forecourt sign-in code (the code is not stored).' });
        } else {
          await services.mail.send(db, { to: factor.target!, subject: 'Your Forecourt sign-in code', text });
        }
        return { sent: true, target: mask(factor.type, factor.target) };
      }
      default:
        return assertUnreachable(factor.type);
    }
  },
});

defineAction({
  path: 'users/2fa-factors',
  summary: 'The sign-in methods of the half-signed-in account, so the two-factor screen survives a reload.',
  permission: 'pending',
  readOnly: true,
  input: z.object({}),
  async handler({ db, session }): Promise<AuthenticateReply> {
    const factors = await listFactors(db, session!.user.id);
    return { authenticate: { success: true, factors, enrol: factors.length === 0 } };
  },
});

defineAction({
  path: 'users/2fa-enrol',
  summary: 'Starts setting up an authenticator app for an account with no factor yet; returns the QR code.',
  permission: 'pending',
  input: z.object({}),
  async handler({ db, session, services }): Promise<EnrolReply> {
    const userId = session!.user.id;
    if ((await listFactors(db, userId)).length > 0) throw AppError.conflict('This account already has a sign-in method.');
    await db.delete(userFactors).where(and(eq(userFactors.userId, userId), eq(userFactors.confirmed, false)));
    const secret = authenticator.generateSecret(20);
    const [factor] = await db.insert(userFactors).values({ userId, type: 'totp', secret: seal(services.config.SESSION_SECRET, secret), confirmed: false }).returning();
    await db.update(sessions).set({ factorId: factor.id }).where(eq(sessions.id, session!.id));
    const otpauthUrl = authenticator.keyuri(session!.user.email, 'Forecourt', secret);
    return { factorId: factor.id, secret, otpauthUrl, qr: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
  },
});

defineAction({
  path: 'users/2fa-verify',
  summary: 'Code step of sign-in; on success the session is fully signed in under a new id.',
  permission: 'pending',
  rateLimit: 20,
  input: verifyInput,
  async handler({ input, db, session, request, reply, services }) {
    const userId = session!.user.id;
    if (!session!.factorId) throw AppError.invalid('Choose how to receive your code first.', ['factorId']);
    const [factor] = await db.select().from(userFactors)
      .where(and(eq(userFactors.id, session!.factorId), eq(userFactors.userId, userId)));
    if (!factor) throw AppError.invalid('Choose how to receive your code first.', ['factorId']);

    let valid = false;
    let step = 0;
    const totpSecret = factor.type === 'totp' ? unseal(services.config.SESSION_SECRET, factor.secret!) : null;
    if (factor.type === 'totp') {
      if (totpSecret === null) {
        throw AppError.conflict('This account\'s authenticator app can no longer be read (the server\'s secret changed); ask an administrator to reset two-factor.');
      }
      const delta = authenticator.checkDelta(input.authCode, totpSecret);
      step = Math.floor(Date.now() / 30_000) + (delta ?? 0);
      valid = delta !== null && step > factor.lastStep;
    } else {
      const [sent] = await db.select().from(authCodes).where(eq(authCodes.sessionId, session!.id));
      valid = !!sent && sent.factorId === factor.id && sent.expiresAt > new Date() && sent.codeHash === codeHash(session!.id, input.authCode);
    }
    if (!valid) {
      await recordFailure(db, userId, 'code_failed', request.ip);
      throw AppError.invalid('That code is not correct or has expired.', ['authCode']).committing();
    }
    await db.delete(authCodes).where(eq(authCodes.sessionId, session!.id));
    if (factor.type === 'totp') {
      // A secret stored before sealing is sealed now.
      const stored = isSealed(factor.secret!) ? factor.secret! : seal(services.config.SESSION_SECRET, totpSecret!);
      await db.update(userFactors).set({ lastStep: step, confirmed: true, secret: stored }).where(eq(userFactors.id, factor.id));
    }
    if (!factor.confirmed) {
      await recordEvent(db, userId, 'factor_enrolled', 'Authenticator app', request.ip);
    }
    await db.update(users).set({ failedAttempts: 0, lastSignInAt: sql`now()` }).where(eq(users.id, userId));
    await recordEvent(db, userId, 'signin', `With ${factor.type === 'totp' ? 'authenticator app' : factor.type === 'sms' ? 'text message code' : 'email code'}`, request.ip);
    await startSession(db, request, reply, services.config, { userId, stage: 'full' });
    return { redirect: safeRedirect(input.redirect) };
  },
});

defineAction({
  path: 'users/logout',
  summary: 'Ends this session.',
  permission: 'signedIn',
  input: z.object({}),
  async handler({ db, user, request, reply, services }) {
    await recordEvent(db, user.id, 'signout', '', request.ip);
    await endSession(db, request, reply, services.config);
    return {};
  },
});

defineAction({
  path: 'users/change-password',
  summary: 'Changes your own password; your other sessions end.',
  permission: 'signedIn',
  rateLimit: 10,
  input: changePasswordInput,
  async handler({ input, db, user, session, request }) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!(await verify(row.passwordHash, input.currentPassword))) {
      throw AppError.invalid('The current password is not correct.', ['currentPassword']);
    }
    await db.update(users).set({ passwordHash: await hashPassword(input.newPassword), updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await endUserSessions(db, user.id, session!.id);
    await recordEvent(db, user.id, 'password_changed', 'By the user', request.ip, user.id);
    return {};
  },
});
