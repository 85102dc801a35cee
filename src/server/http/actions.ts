import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Services } from '../services';
import {
  actionRoute,
  redact,
  type ActionContext,
  type ActionDefinition,
  type AuditEntry,
  type UploadedFile,
} from '../platform/actions';
import { AppError } from '../platform/errors';
import { parseInput } from '../platform/validation';
import { resolveSession, sameToken, type Session } from '../platform/session';
import { forgetSessions } from '../platform/session-cache';
import { checkActionReach } from '../platform/reach';
import { auditLog } from '../platform/platform.db';
import { insideTransaction } from '../platform/outside-calls';
import { normaliseKeys, readMultipart } from './bodies';
import { claimKey, claimOutsideKey, idempotencyKeyOf } from './idempotency';
import { send } from './envelope';

/**
 * The pipeline every action goes through: session and permission, body, CSRF, reach, input, then
 * the handler (a change in a transaction with its audit rows, `runChange`). Answers at its route and,
 * as the spec names some calls, at the same route with `.php`.
 */
export function registerAction(app: FastifyInstance, action: ActionDefinition, services: Services) {
  const { db } = services.database;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await resolveSession(db, request, services.config);
    authorise(action, session);
    const { body, files } = await readBody(request, action);
    checkCsrf(action, session, body, request.headers['x-csrf-token']);
    if (session?.stage === 'full') await checkActionReach(db, session.user.reach, action.reach, action.input, body);
    const input = parseInput(action.input, body);
    const key = action.idempotent ? idempotencyKeyOf(request) : null;

    const context = (tx: Db, audits: AuditEntry[], change?: ActionContext<unknown>['change']) => {
      const ctx: ActionContext<unknown> = {
        input,
        db: tx,
        user: session?.user as never,
        session,
        request,
        reply,
        services,
        files,
        audit: (entry: AuditEntry) => audits.push(entry),
        // In the action's own transaction, a part of the change is written where it stands.
        change: change ?? ((write) => write(ctx)),
      };
      return ctx;
    };
    const audits: AuditEntry[] = [];
    // A read writes no audit row: its redacted copy of the input is made only for a change.
    const base = (): AuditBase => ({
      userId: session?.user.id ?? null,
      action: action.path,
      input: redact(input),
      ip: request.ip,
      requestId: String(request.id),
    });
    const data = action.readOnly
      ? await action.handler(context(db, audits))
      : action.outside
        ? await runOutside(db, action, key, base(), context)
        : await inTransaction(db, (tx) =>
            insideTransaction(action.path, () =>
              runChange(tx, action, key, context(tx, audits), () => writeAudit(tx, audits, base())),
            ),
          );
    if (reply.sent) return reply;
    return send(reply, 200, { success: true, data: (data ?? {}) as Record<string, unknown>, errors: [] });
  };
  const route = actionRoute(action);
  const config = action.rateLimit ? { rateLimit: { max: action.rateLimit, timeWindow: '1 minute' } } : {};
  app.post(route, { config }, handler);
  app.post(`${route}.php`, { config }, handler);
}

/**
 * A change's handler, inside its transaction: an idempotent action's key claimed first (it lands or
 * rolls back with the change; a key already used answers its first reply), then the handler, the
 * reply or kept refusal stored with the key, and the audit rows. A refusal that keeps its writes
 * (decision 003) keeps its audit rows with them: every change that commits has its rows.
 */
async function runChange(
  tx: Db,
  action: ActionDefinition,
  key: string | null,
  context: ActionContext<unknown>,
  audit: () => Promise<void>,
): Promise<unknown> {
  const claim =
    key === null
      ? null
      : await claimKey(tx, {
          userId: context.user.id,
          key,
          action: action.path,
          input: context.input,
          reply: context.reply,
        });
  if (claim && 'replayed' in claim) return claim.replayed;
  const result = await action.handler(context).catch(async (error: unknown) => {
    if (error instanceof AppError && error.commit) {
      await claim?.keep({ error });
      await audit();
    }
    throw error;
  });
  await claim?.keep({ reply: result ?? {} });
  await audit();
  return result;
}

/**
 * An `outside` action (issue 29): its handler runs on the pool, and each `ctx.change` is a transaction
 * of its own with its audit rows, so the provider it calls between them holds neither a connection
 * nor a lock. One that wrote nothing of ours (a provider asked, its answer returned) still leaves the
 * call's audit row. An idempotent one's key is claimed before the handler and settled after it
 * (`claimOutsideKey`).
 */
async function runOutside(
  db: Db,
  action: ActionDefinition,
  key: string | null,
  base: AuditBase,
  context: (tx: Db, audits: AuditEntry[], change?: ActionContext<unknown>['change']) => ActionContext<unknown>,
): Promise<unknown> {
  const pool = context(db, []);
  const claim =
    key === null
      ? null
      : await claimOutsideKey(db, {
          userId: pool.user.id,
          key,
          action: action.path,
          input: pool.input,
          reply: pool.reply,
        });
  if (claim && 'replayed' in claim) return claim.replayed;
  let parts = 0;
  const change: ActionContext<unknown>['change'] = (write) => {
    parts += 1;
    return inTransaction(db, (tx) => {
      const audits: AuditEntry[] = [];
      const part = { path: action.path, handler: write } as ActionDefinition;
      return insideTransaction(action.path, () =>
        runChange(tx, part, null, context(tx, audits), () => writeAudit(tx, audits, base)),
      );
    }) as never;
  };
  const result = await action.handler(context(db, [], change)).catch(async (error: unknown) => {
    await claim?.settle({ error });
    throw error;
  });
  await claim?.settle({ reply: result ?? {} });
  if (parts === 0) await writeAudit(db, [], base);
  return result;
}

/** The body's fields, and the files of a multipart body (only for an action that takes uploads). */
async function readBody(
  request: FastifyRequest,
  action: ActionDefinition,
): Promise<{ body: Record<string, unknown>; files: UploadedFile[] }> {
  if (!request.isMultipart()) return { body: normaliseKeys(request.body), files: [] };
  if (!action.maxFileBytes) throw AppError.invalid('This action does not take file uploads.');
  const parsed = await readMultipart(request, action);
  return { body: normaliseKeys(parsed.fields), files: parsed.files };
}

/** A signed-in call carries its session's CSRF token (a field or the header); the token never reaches the input. */
function checkCsrf(action: ActionDefinition, session: Session | null, body: Record<string, unknown>, header: unknown) {
  if (action.permission !== 'public' && action.permission !== 'pending') {
    const token = body.csrfToken ?? header;
    if (!sameToken(token, session!.csrfToken)) {
      throw AppError.forbidden('Your session has expired or this form is out of date. Reload the page and try again.');
    }
  }
  delete body.csrfToken;
}

/**
 * A change: everything it writes lands together or not at all. A refusal that keeps its writes
 * (`AppError.commit`, decision 003: a failed sign-in's count) commits, then answers as a refusal.
 */
async function inTransaction<T>(db: Db, change: (tx: Db) => Promise<T>): Promise<T> {
  let failure: AppError | undefined;
  const result = await db
    .transaction(async (tx) =>
      change(tx).catch((error: unknown) => {
        if (error instanceof AppError && error.commit) failure = error;
        else throw error;
        return undefined;
      }),
    )
    .finally(() => {
      // Whatever the change wrote (a sign-out, a lock, flags), the sessions kept here may be out of date.
      forgetSessions(db);
    });
  if (failure) throw failure;
  return result as T;
}

type AuditBase = Omit<typeof auditLog.$inferInsert, 'id' | 'recordType' | 'recordId' | 'before' | 'after' | 'at'>;

/** One audit row per record the change named, or one for the change itself. */
async function writeAudit(tx: Db, audits: AuditEntry[], base: AuditBase) {
  const rows = audits.length
    ? audits.map((a) => ({
        ...base,
        recordType: a.recordType,
        recordId: String(a.recordId),
        before: redact(a.before) ?? null,
        after: redact(a.after) ?? null,
      }))
    : [base];
  await tx.insert(auditLog).values(rows);
}

export function authorise(action: Pick<ActionDefinition, 'permission'>, session: Session | null) {
  switch (action.permission) {
    case 'public':
      return;
    case 'pending':
      if (session?.stage !== 'password') throw AppError.unauthenticated('Sign in with your password first.');
      return;
    case 'signedIn':
      if (session?.stage !== 'full') throw AppError.unauthenticated();
      return;
    default:
      if (session?.stage !== 'full') throw AppError.unauthenticated();
      if (!session.user.flags.includes(action.permission)) throw AppError.forbidden();
  }
}
