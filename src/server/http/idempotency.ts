import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../platform/errors';
import { idempotencyKeys } from '../platform/platform.db';

/**
 * `Idempotency-Key` on an idempotent action (decision 025): a request sent again with the same key
 * gets the first reply and changes nothing.
 */

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's key, checked; none when it carries no header (old API callers). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!KEY_PATTERN.test(key))
    throw AppError.invalid('Idempotency-Key must be 1 to 255 visible characters, such as a UUID.');
  return key;
}

/** The input in a fixed order, hashed: the same key must come with the same request. */
const requestHash = (path: string, input: unknown) =>
  createHash('sha256')
    .update(
      `${path}\n${JSON.stringify(input, (_k, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
          : v,
      )}`,
    )
    .digest('hex');

export interface Claim {
  /**
   * Stores the reply the change gave, or the refusal it kept, with the key: in the change's transaction,
   * or (an `outside` action's) in the one given.
   */
  keep(outcome: { reply: unknown } | { error: AppError }, db?: Db): Promise<void>;
}

/**
 * How long an `outside` action's key may stand claimed with no outcome before another request with it
 * takes it over: far beyond any provider's timeout, so only a process that died mid-call leaves one.
 */
const ABANDONED_AFTER = sql`now() - interval '10 minutes'`;

/**
 * Claims (user, key) in the change's own transaction, before its handler runs. A second request with
 * the key waits on the primary key for the first to finish: when the first committed, its stored
 * reply is answered here (`replayed`), its kept refusal thrown again; when it rolled back, this one
 * claims the key and runs. The same key with another action or input is a 409.
 */
export async function claimKey(
  tx: Db,
  request: { userId: number; key: string; action: string; input: unknown; reply: FastifyReply },
): Promise<{ replayed: unknown } | Claim> {
  const { userId, key, action } = request;
  const hash = requestHash(action, request.input);
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, action, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const taken = claimed.length ? claimed : await takeOverAbandoned(tx, where);
  if (taken.length) {
    return {
      keep: async (outcome, db = tx) => {
        await db
          .update(idempotencyKeys)
          .set(
            'reply' in outcome
              ? { reply: outcome.reply }
              : {
                  // The refusal's fields ride where a reply would be.
                  errorStatus: outcome.error.status,
                  errorMessage: outcome.error.message,
                  reply: outcome.error.fields.length ? { fields: outcome.error.fields } : null,
                },
          )
          .where(where);
      },
    };
  }
  const [stored] = await tx.select().from(idempotencyKeys).where(where);
  if (stored.action !== action || stored.requestHash !== hash) {
    throw AppError.conflict(
      'This Idempotency-Key was already used for a different request; send a new key with a new request.',
    );
  }
  if (stored.reply === null && stored.errorStatus === null) {
    // An `outside` action's first request is still asking its provider: nothing to wait on here.
    throw AppError.conflict(
      'The request with this Idempotency-Key is still under way; send it again in a moment for its reply.',
    );
  }
  request.reply.header('idempotent-replayed', 'true');
  if (stored.errorStatus) {
    throw new AppError(
      stored.errorStatus as AppError['status'],
      stored.errorMessage ?? '',
      (stored.reply as { fields?: string[] } | null)?.fields ?? [],
    );
  }
  return { replayed: stored.reply };
}

/** A key claimed by an `outside` action whose process died before its outcome was stored. */
const takeOverAbandoned = (tx: Db, where: ReturnType<typeof and>) =>
  tx
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        where,
        isNull(idempotencyKeys.reply),
        isNull(idempotencyKeys.errorStatus),
        lt(idempotencyKeys.createdAt, ABANDONED_AFTER),
      ),
    )
    .returning({ key: idempotencyKeys.key });

/**
 * An `outside` action's key (issue 29): claimed in a short transaction of its own before the handler,
 * so that a request with the same key meanwhile finds it under way (409) instead of waiting on a
 * provider; settled after: the reply or a kept refusal stored with it, or, when the action failed and
 * kept nothing, the key let go so that the same request may be retried with it.
 */
export async function claimOutsideKey(
  db: Db,
  request: Parameters<typeof claimKey>[1],
): Promise<{ replayed: unknown } | { settle(outcome: { reply: unknown } | { error: unknown }): Promise<void> }> {
  const claim = await db.transaction((tx) => claimKey(tx, request));
  if ('replayed' in claim) return claim;
  const where = and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key));
  return {
    settle: async (outcome) => {
      if ('reply' in outcome) return claim.keep(outcome, db);
      if (outcome.error instanceof AppError && outcome.error.commit) return claim.keep({ error: outcome.error }, db);
      await db.delete(idempotencyKeys).where(where);
    },
  };
}
