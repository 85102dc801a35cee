import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Services } from '../services';
import type { Permission } from '../../shared/permissions';
import type { Session, SessionUser } from './session';
import type { ActionReach } from './reach';
import type { Contract } from '../../shared/contract';
import type { BenchSample } from './lists';

/**
 * A file of a multipart upload. Files are streamed to a temporary file while the request is read,
 * never held in memory; only those of an upload within the action's limits are then read in (the
 * temporary files are gone before the handler runs).
 */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface AuditEntry {
  recordType: string;
  recordId: string | number;
  before?: unknown;
  after?: unknown;
}

export interface ActionContext<I> {
  input: I;
  /**
   * A change runs in its own transaction: everything it writes lands together or not at all.
   * A load (`readOnly`) gets the pool, so a list's page and count run side by side.
   */
  db: Db;
  /** The signed-in user; on `public` actions it may be absent. */
  user: SessionUser;
  session: Session | null;
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  files: UploadedFile[];
  /** Names the record a mutation changed, with its state before and after, for the audit row. */
  audit(entry: AuditEntry): void;
  /**
   * Writes in a transaction of their own, with their audit rows: in an `outside` action, each part of
   * the change around the provider's call; elsewhere the action's one transaction already holds them.
   */
  change<T>(write: (ctx: ActionContext<I>) => Promise<T>): Promise<T>;
}

export interface ActionDefinition<S extends z.ZodType = z.ZodType, R = unknown> {
  /** Route under /api/actions/, as the spec names it (without `.php`). */
  path: string;
  /** A custom full route instead (the spec's /api/kits/... calls). */
  route?: string;
  permission: Permission;
  /**
   * Which locations its records belong to (docs/permissions.md, "Reach"): `group`, or for each input
   * field naming a record, how that record reaches a location. `locationId` is always checked.
   */
  reach: ActionReach;
  input: S;
  /**
   * A load: no transaction, no audit row. It changes no record, except bookkeeping of the reader's own
   * that nobody audits (a conversation's read mark), written in one statement.
   */
  readOnly?: boolean;
  /**
   * Calls an outside provider (a carrier, a payments service, a mail server): the handler runs with no
   * transaction and writes through `ctx.change`, each part its own short transaction with its audit
   * rows, so a provider that stops answering holds no connection and no lock (issue 29). What the
   * provider was asked for is written first, and what it answered after. An idempotent one's key is
   * claimed before its parts and settled after them (src/server/http/idempotency.ts).
   */
  outside?: boolean;
  /**
   * From the contract (decision 025): a request with an `Idempotency-Key` header runs once per user
   * and key; the same key again gets the first reply (the pipeline, src/server/http/idempotency.ts).
   */
  idempotent?: boolean;
  /** What `data` holds on success (from the action's contract): the API tests and the OpenAPI document read it. */
  output: z.ZodType;
  /** Requests per minute per client, when stricter than the platform default. */
  rateLimit?: number;
  summary?: string;
  /** Accepts multipart uploads, files up to this many bytes each. */
  maxFileBytes?: number;
  /** How many files one upload may hold (default 1); more are refused before they are read. */
  maxFiles?: number;
  /**
   * How `npm run bench` measures a load that is not a list (a report, the palette's search): inputs
   * built from real values of the generated data, each with its p95 budget at 20 clients.
   */
  bench?: (sample: BenchSample) => ActionBenchCase[];
  handler: (ctx: ActionContext<z.output<S>>) => Promise<R>;
}

export interface ActionBenchCase {
  name: string;
  input: Record<string, unknown>;
  p95Ms: number;
  /** As a user who reaches one region's locations (the sample location's), not the whole group. */
  regional?: boolean;
}

/** Every registered action, in registration order; the route table, the docs and the tests walk it. */
export const actionRegistry = new Map<string, ActionDefinition>();

export function actionRoute(action: Pick<ActionDefinition, 'path' | 'route'>): string {
  return action.route ?? `/api/actions/${action.path}`;
}

/**
 * Registers an action from its contract (path, input and reply, declared in the module's contract
 * file); the handler's reply is type-checked against the contract's.
 */
export function defineAction<C extends Contract>(
  definition: Omit<ActionDefinition<C['input'], z.input<C['output']>>, 'path' | 'input' | 'output' | 'idempotent'> & {
    contract: C;
  },
): ActionDefinition<C['input'], z.input<C['output']>> {
  const { contract, ...rest } = definition;
  const registered = {
    ...rest,
    path: contract.path,
    route: contract.route,
    input: contract.input,
    output: contract.output,
    ...(contract.idempotent ? { idempotent: true } : {}),
  };
  const route = actionRoute(registered);
  if (actionRegistry.has(route)) throw new Error(`Action ${route} is defined twice`);
  if (
    registered.idempotent &&
    (registered.readOnly || registered.permission === 'public' || registered.permission === 'pending')
  ) {
    throw new Error(`Action ${route} is idempotent: keys are a signed-in user's, on a change`);
  }
  if (registered.outside && registered.readOnly)
    throw new Error(`Action ${route} is outside: a change in parts, not a load`);
  actionRegistry.set(route, registered as ActionDefinition);
  return registered;
}

/** Secret inputs never reach the audit log or the logs. */
const secretFields = new Set(['password', 'newPassword', 'currentPassword', 'authCode', 'csrfToken', 'secret']);

/** A secret input, or a stored secret in an audited row (`passwordHash`, `totpSecret`, `apiKeyHash`). */
const isSecret = (key: string) => secretFields.has(key) || /(password|secret|hash|token)$/i.test(key);

export function redact(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  return Object.fromEntries(
    Object.entries(input as Record<string, unknown>).map(([k, v]) => [
      k,
      isSecret(k) ? '[redacted]' : typeof v === 'string' && v.length > 2000 ? `${v.slice(0, 2000)}…` : v,
    ]),
  );
}
