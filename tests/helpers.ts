import { locations } from '../src/modules/locations/locations.db';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig, type Config } from '../src/server/config';
import type { Database, Db } from '../src/server/db/client';
import { sessions } from '../src/server/platform/platform.db';
import { SESSION_COOKIE } from '../src/server/platform/session';
import { hashPassword } from '../src/server/platform/passwords';
import { users } from '../src/modules/users/users.db';
import type { Flag } from '../src/shared/permissions';
import { cloneTestDatabase, TEST_ENV } from './db';
import { actionRegistry, actionRoute } from '../src/server/platform/actions';
import type { Contract, InputOf, OutputOf } from '../src/shared/contract';
import type { ErrorData } from '../src/shared/envelope';

export const TEST_PASSWORD = 'correct-horse-battery';
export const ADMIN_TOTP_SECRET = TEST_ENV.ADMIN_TOTP_SECRET;

export interface Reply<T = Record<string, any>> {
  status: number;
  body: { success: boolean; data: T; errors: string[] };
  headers: Record<string, unknown>;
  cookies: { name: string; value: string }[];
}

/**
 * What an action answers, as a test reads it: the contract's reply, and on a refusal the fields at
 * fault, so one reply type serves both outcomes.
 */
export type ActReply<C extends Contract> = Reply<OutputOf<C> & Partial<ErrorData>>;

/**
 * The contract's input as a test sends it: a field whose input may be undefined (a checkbox, a
 * trimmed text) may also be left out, as a JSON body drops it anyway, where `z.input` would ask for
 * the key; every field sent is still checked by name and type.
 */
export type Sent<T> = T extends object
  ? { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
      [K in keyof T as undefined extends T[K] ? never : K]: T[K];
    }
  : T;
/** What a test sends to an action, for the tests' own wrappers of one. */
export type ActInput<C extends Contract> = Sent<InputOf<C>>;

/** Someone calling the API: anonymous, or signed in with a cookie and a CSRF token. */
export class Caller {
  constructor(
    readonly app: FastifyInstance,
    public cookie?: string,
    public csrfToken?: string,
    readonly userId?: number,
  ) {}

  /**
   * Calls an action by its contract, as the screens do: the input is typed from the contract, so a
   * renamed path or field fails the type check of the tests that send it.
   */
  act<C extends Contract>(
    contract: C,
    input: ActInput<C>,
    options: { csrf?: boolean; idempotencyKey?: string } = {},
  ): Promise<ActReply<C>> {
    return this.call(actionRoute(contract), input as Record<string, unknown>, options);
  }

  /**
   * Calls an action by its contract with a body the contract does not allow (a wrong type, a missing
   * or unknown field): for the tests of what the server refuses, which the typed `act` could not send.
   */
  actRaw<C extends Contract>(
    contract: C,
    body: Record<string, unknown>,
    options: { csrf?: boolean; idempotencyKey?: string } = {},
  ): Promise<ActReply<C>> {
    return this.call(actionRoute(contract), body, options);
  }

  /**
   * Calls a route by its path: for the old API's `.php` aliases, form-encoded bodies and routes that
   * are no action, and for the tests that walk every registered action. Everything else calls `act`.
   */
  async call<T = Record<string, any>>(
    path: string,
    body: Record<string, unknown> = {},
    options: { csrf?: boolean; form?: boolean; idempotencyKey?: string } = {},
  ): Promise<Reply<T>> {
    const payload = { ...body, ...(options.csrf === false || !this.csrfToken ? {} : { csrfToken: this.csrfToken }) };
    const key = options.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey };
    const request: InjectOptions = {
      method: 'POST',
      url: path.startsWith('/') ? path : `/api/actions/${path}`,
      cookies: this.cookie ? { [SESSION_COOKIE]: this.cookie } : {},
      ...(options.form
        ? { headers: { 'content-type': 'application/x-www-form-urlencoded', ...key }, payload: toForm(payload) }
        : { headers: key, payload }),
    };
    const reply = await this.send<T>(request);
    checkReply(String(request.url), reply);
    return reply;
  }

  async send<T>(request: InjectOptions): Promise<Reply<T>> {
    const res = await this.app.inject({
      ...request,
      cookies: { ...(this.cookie ? { [SESSION_COOKIE]: this.cookie } : {}), ...request.cookies },
    });
    const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (set) this.cookie = set.value || undefined;
    return { status: res.statusCode, body: res.json(), headers: res.headers, cookies: res.cookies };
  }
}

/**
 * Every successful reply of an action declared in a contract is checked against the contract's
 * output, in every API test that calls it: a reply that drifts from what the screens are typed to
 * expect fails the test that got it.
 */
function checkReply(url: string, reply: Reply<unknown>) {
  if (reply.status !== 200 || !reply.body.success) return;
  const output = actionRegistry.get(url.replace(/\.php$/, ''))?.output;
  const checked = output?.safeParse(reply.body.data);
  if (checked && !checked.success)
    throw new Error(`The reply of ${url} does not match its contract: ${checked.error.message}`);
}

function toForm(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) value.forEach((v) => params.append(`${key}[]`, String(v)));
    else if (value !== undefined && value !== null)
      params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params.toString();
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: Config;
  anonymous(): Caller;
  /** A new user with these flags (and job code), signed in. */
  signedIn(flags?: Flag[], values?: Partial<typeof users.$inferInsert>): Promise<Caller>;
  createUser(values?: Partial<typeof users.$inferInsert>): Promise<typeof users.$inferSelect>;
  sessionFor(userId: number): Promise<Caller>;
  close(): Promise<void>;
}

let counter = 0;
let passwordHash: string | undefined;

/** A server on its own database, with the admin and (by default) the demo group, cloned from a template. */
export async function testApp(
  options: { demo?: boolean; env?: Record<string, string>; webRoot?: string } = {},
): Promise<TestApp> {
  const database = await cloneTestDatabase(options.demo === false ? 'bare' : 'demo');
  const config = loadConfig({ ...TEST_ENV, ...options.env });
  const app = await buildApp({ config, database, logger: false, webRoot: options.webRoot ?? '.tmp/no-web' });
  await app.ready();
  passwordHash ??= await hashPassword(TEST_PASSWORD);

  const createUser: TestApp['createUser'] = async (values = {}) => {
    counter += 1;
    const name = `tester${counter}${randomBytes(3).toString('hex')}`;
    const [user] = await database.db
      .insert(users)
      .values({
        // Group-wide unless a test says otherwise: reach has tests of its own (reach.test.ts).
        username: name,
        email: `${name}@forecourt.test`,
        firstName: 'Test',
        lastName: `User ${counter}`,
        passwordHash: passwordHash!,
        groupWide: true,
        ...values,
      })
      .returning();
    return user;
  };
  const sessionFor = async (userId: number) => {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    await database.db
      .insert(sessions)
      .values({ id: createHash('sha256').update(token).digest('hex'), userId, stage: 'full', csrfToken });
    return new Caller(app, token, csrfToken, userId);
  };
  return {
    app,
    database,
    db: database.db,
    config,
    anonymous: () => new Caller(app),
    createUser,
    sessionFor,
    async signedIn(flags = [], values = {}) {
      const user = await createUser({ flags, ...values });
      return sessionFor(user.id);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export async function userById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The demo locations' ids by code ("ABG" → 1), as most tests name the stores. */
export async function locationsByCode(db: Db): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await db.select({ code: locations.code, id: locations.id }).from(locations)).map((l) => [l.code, l.id]),
  );
}
