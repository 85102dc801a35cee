import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions } from './platform.db';
import { sessionCacheOf } from './session-cache';
import { userPhotos, users } from '../../modules/users/users.db';
import { jobCodes } from '../../modules/access/access.db';
import { locations } from '../../modules/locations/locations.db';
import { effectiveFlags } from '../../shared/permissions';
import type { SessionUserInfo } from '../../shared/session';
import type { Config } from '../config';

export const SESSION_COOKIE = 'forecourt_session';

/** The signed-in person as every handler and screen sees them. */
export type SessionUser = SessionUserInfo;

export interface Session {
  id: string;
  stage: 'password' | 'full';
  csrfToken: string;
  factorId: number | null;
  user: SessionUser;
}

const hashToken = (token: string) => hash('sha256', token);

function cookieOptions(config: Config) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.PUBLIC_URL.startsWith('https://'),
  };
}

/**
 * Starts a session, always under a new id: after the password step and again after the code step,
 * so an id seen before sign-in is never the id of a signed-in session.
 */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  values: { userId: number; stage: 'password' | 'full'; factorId?: number | null },
): Promise<{ id: string; csrfToken: string }> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const csrfToken = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({
    id,
    userId: values.userId,
    stage: values.stage,
    csrfToken,
    factorId: values.factorId ?? null,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
  });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(config));
  return { id, csrfToken };
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply, config: Config) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}

/** Ends every session of a user at once (lock, password change, two-factor reset), but `keep`. */
export async function endUserSessions(db: Db, userId: number, keep?: string) {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session once resolved for this request (null: none); undefined until then. */
    forecourtSession?: Session | null;
  }
}

/** The session with its user, job-code flags and photo: prepared once, as every call runs it. */
function prepareSessionQuery(db: Db) {
  return db
    .select({
      id: sessions.id,
      stage: sessions.stage,
      csrfToken: sessions.csrfToken,
      factorId: sessions.factorId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        jobCode: users.jobCode,
        locationId: users.locationId,
        accountLocked: users.accountLocked,
        flags: users.flags,
        groupWide: users.groupWide,
        regions: users.regions,
      },
      // The locations of the user's regions and their home location, read with the session; a
      // change to either, or to a location's region, clears the kept sessions (drizzle/0008).
      reach: sql<
        number[]
      >`array(select l.id from ${locations} l where l.region = any(${users.regions}) or l.id = ${users.locationId} order by l.id)`,
      jobFlags: jobCodes.flags,
      hasPhoto: sql<boolean>`${userPhotos.userId} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(jobCodes, eq(jobCodes.jobCode, users.jobCode))
    .leftJoin(userPhotos, eq(userPhotos.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('resolve_session');
}

const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = prepareSessionQuery(db)));
  return query;
}

/**
 * A session as read, with what every call needs already worked out (the user with the job code's
 * flags merged), so a call served from the session cache only checks the timeouts. Frozen: the
 * same object serves every call of the session until something changes it.
 */
export interface SessionRecord {
  session: Session | null;
  locked: boolean;
  createdAt: number;
  lastSeenAt: number;
}

async function readSession(db: Db, id: string): Promise<SessionRecord | undefined> {
  const [row] = await sessionQuery(db).execute({ id });
  if (!row) return undefined;
  const { accountLocked, flags, ...user } = row.user;
  const session: Session = {
    id: row.id,
    stage: row.stage,
    csrfToken: row.csrfToken,
    factorId: row.factorId,
    user: Object.freeze({
      ...user,
      flags: effectiveFlags(flags, row.jobFlags ?? []),
      hasPhoto: row.hasPhoto,
      reach: user.groupWide ? ('group' as const) : (Object.freeze(row.reach.map(Number)) as number[]),
    }),
  };
  return {
    session: Object.freeze(session),
    locked: accountLocked,
    createdAt: row.createdAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
  };
}

/** The request's session, checked against the idle and absolute timeouts; null when there is none. */
export async function resolveSession(db: Db, request: FastifyRequest, config: Config): Promise<Session | null> {
  if (request.forecourtSession !== undefined) return request.forecourtSession;
  const token = request.cookies[SESSION_COOKIE];
  let session: Session | null = null;
  if (token && token.length < 100) {
    const id = hashToken(token);
    const cache = sessionCacheOf<SessionRecord>(db);
    let record = cache?.get(id);
    if (!record) {
      const generation = cache?.begin() ?? 0;
      record = await readSession(db, id);
      if (record) cache?.store(id, record, generation);
    }
    const now = Date.now();
    if (
      record &&
      !record.locked &&
      now - record.lastSeenAt < config.SESSION_IDLE_MINUTES * 60_000 &&
      now - record.createdAt < config.SESSION_MAX_HOURS * 3_600_000
    ) {
      session = record.session;
      // Touch at most once a minute: a busy screen must not write on every call.
      if (now - record.lastSeenAt > 60_000) {
        await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
        record.lastSeenAt = now;
      }
    } else if (record) {
      cache?.forget(id);
      await db.delete(sessions).where(eq(sessions.id, id));
    }
  }
  request.forecourtSession = session;
  return session;
}

export function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
