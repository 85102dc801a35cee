import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
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
  /** Stores the reply the change gave, or the refusal it kept, with the key. */
  keep(outcome: { reply: unknown } | { error: AppError }): Promise<void>;
}

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
  if (claimed.length) {
    return {
      keep: async (outcome) => {
        await tx
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
