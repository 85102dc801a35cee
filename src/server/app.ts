import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import qs from 'node:querystring';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { exportCopySql, exportRegistry, exportRows, type ListExport } from './platform/lists';
import { trustProxyOption, type Config } from './config';
import type { Database, Db } from './db/client';
import { createServices, type Services } from './services';
import { actionRegistry, actionRoute, redact, type ActionDefinition, type AuditEntry, type UploadedFile } from './platform/actions';
import { AppError } from './platform/errors';
import { parseInput } from './platform/validation';
import { hasBadCharacter, screenInput, UNREADABLE } from './platform/input-guard';
import { resolveSession, sameToken, type Session } from './platform/session';
import { forgetSessions, watchSessions } from './platform/session-cache';
import { checkActionReach } from './platform/reach';
import { auditLog } from './platform/platform.db';
import { sharedRateLimits } from './platform/rate-limits';
import { hasRaw, stringifyWithRaw } from './platform/raw-json';
import { openApiDocument } from './platform/openapi';
import { registerRoutes } from './routes';
import type { Envelope } from '../shared/envelope';
import './modules';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built web app from this folder when it exists (default dist/web). */
  webRoot?: string;
  logger?: boolean;
}

const MAX_BODY = 12 * 1024 * 1024;

/** OWASP's headers for API replies: JSON is never rendered, framed or sniffed as something else. */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

function send(reply: FastifyReply, status: number, body: Envelope<Record<string, unknown>>) {
  reply.code(status).header('cache-control', 'no-store');
  if (!hasRaw(body.data)) return reply.send(body);
  return reply.type('application/json; charset=utf-8')
    .send(`{"success":${body.success},"data":${stringifyWithRaw(body.data)},"errors":${JSON.stringify(body.errors)}}`);
}

/**
 * `a[]=1&a[]=2` arrives as key `a[]`: the handlers see `a`. Every body and query string passes
 * here first: reserved keys (`__proto__`, `constructor`…) and NUL or half a surrogate pair are
 * refused with 400 before anything reads them (input-guard.ts).
 */
function normaliseKeys(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return {};
  screenInput(body);
  const fields = body as Record<string, unknown>;
  let bracketed = false;
  for (const key of Object.keys(fields)) if (key.endsWith('[]')) bracketed = true;
  // A JSON body (every screen's) has none: it is used as it came, a copy being one more object per call.
  if (!bracketed) return fields;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const prior = Object.hasOwn(out, name) ? out[name] : undefined;
      out[name] = [...(prior === undefined ? [] : Array.isArray(prior) ? prior : [prior]), ...(Array.isArray(value) ? value : [value])];
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Form fields of a multipart body: as many and as long as any form of ours, no more. */
const MULTIPART_FIELDS = 100;
const MULTIPART_FIELD_BYTES = 1024 * 1024;

/**
 * A multipart body: at most the action's `maxFiles` files (default 1) of `maxFileBytes` each, each
 * streamed to a temporary file as it arrives, so an upload is never held in memory whole; a file
 * beyond the limit is refused before its bytes are read. The files of an upload within the limits
 * are then read in, and the temporary folder removed, before the handler runs.
 */
async function readMultipart(request: FastifyRequest, action: Pick<ActionDefinition, 'maxFileBytes' | 'maxFiles'>) {
  const maxFileBytes = action.maxFileBytes ?? 0;
  const maxFiles = action.maxFiles ?? 1;
  const fields: Record<string, unknown> = {};
  const stored: (Omit<UploadedFile, 'data'> & { path: string })[] = [];
  let folder: string | undefined;
  let fieldBytes = 0;
  try {
    const parts = request.parts({
      limits: { fileSize: maxFileBytes, files: maxFiles, fields: MULTIPART_FIELDS, fieldSize: MULTIPART_FIELD_BYTES, parts: MULTIPART_FIELDS + maxFiles },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        folder ??= await mkdtemp(join(tmpdir(), `forecourt-upload-${request.id}-`));
        const path = join(folder, String(stored.length));
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        if (hasBadCharacter(part.filename)) throw AppError.invalid('The file name contains a character that is not allowed.', ['file']);
        stored.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, path });
      } else {
        const value = part.value;
        fieldBytes += typeof value === 'string' ? value.length : 0;
        if (part.valueTruncated || fieldBytes > MAX_BODY) throw AppError.invalid('The request is too large; send less than 10 MB.');
        const prior = Object.hasOwn(fields, part.fieldname) ? fields[part.fieldname] : undefined;
        fields[part.fieldname] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
      }
    }
    const files: UploadedFile[] = [];
    for (const { path, ...file } of stored) files.push({ ...file, data: await readFile(path) });
    return { fields, files };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw AppError.invalid(`The file is too large; the limit is ${Math.round(maxFileBytes / 1048576)} MB.`, ['file']);
    }
    if (code === 'FST_FILES_LIMIT') throw AppError.invalid(`Send at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}.`, ['file']);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw AppError.invalid(`Send at most ${MULTIPART_FIELDS} form fields.`);
    if (code === 'FST_PROTO_VIOLATION') throw AppError.invalid(UNREADABLE);
    if (code?.startsWith('FST_') || !(error instanceof AppError || (error as { syscall?: string }).syscall)) {
      // The multipart parser's own complaints (no boundary, a part cut short): the body, not the server.
      throw AppError.invalid('The upload could not be read; choose the file again.', ['file']);
    }
    throw error;
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: MAX_BODY,
    // The client's address (rate limits, sign-in throttles, audit) comes from X-Forwarded-For only
    // when it was set by a proxy named in TRUST_PROXY; by default it is the connection's.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
  });
  const services = createServices(config, database);
  const unwatchSessions = await watchSessions(database, config.SESSION_CACHE_SECONDS);
  app.addHook('onClose', unwatchSessions);
  app.decorate('services', services);
  app.decorateRequest('forecourtSession', undefined);
  const db = database.db;

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: MAX_BODY, parser: (body) => qs.parse(body) });
  await app.register(multipart);
  // Secure headers are the same for every response of a kind: worked out once, then set with the
  // reply's own headers. Pages and files get helmet's whole set; replies under /api/ (JSON, photos)
  // get the set OWASP gives for APIs, a third of the bytes, on the busiest calls. The API's docs are a page.
  const pageHeaders = staticHeaders(helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.ASSETS_BASE_URL.startsWith('http') ? [new URL(config.ASSETS_BASE_URL).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  }));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') ? API_HEADERS : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  // Counted in PostgreSQL, so a limit holds across every server process (platform/rate-limits.ts).
  const rateLimits = sharedRateLimits(db, app.log);
  rateLimits.start();
  app.decorate('rateLimits', rateLimits);
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, {
    global: true,
    store: rateLimits.Store,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // The limit and what is left are told when it is reached (with Retry-After), not on every reply.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, context) => ({
      statusCode: context.statusCode,
      success: false,
      data: {},
      errors: [`Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`],
    }),
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof AppError) {
      // A failing outside service is worth a line in the log, with what it said.
      if (error.status >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
      const all = (error as AppError & { all?: string[] }).all ?? [error.message];
      const fieldErrors = error.fieldErrors ?? Object.fromEntries(error.fields.map((field) => [field, error.message]));
      return send(reply, error.status, { success: false, data: error.fields.length ? { fields: error.fields, fieldErrors } : {}, errors: all });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(error);
    if (status === 413) return send(reply, 400, { success: false, data: {}, errors: ['The request is too large; send less than 10 MB.'] });
    if (status === 415) return send(reply, 400, { success: false, data: {}, errors: ['Send the form as form fields, multipart or JSON.'] });
    if (status >= 400 && status < 500) {
      return send(reply, 400, { success: false, data: {}, errors: [UNREADABLE] });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, {
      success: false,
      data: { requestId: request.id },
      errors: [`There was an unexpected error. It has been logged as ${request.id}.`],
    });
  });

  for (const action of actionRegistry.values()) {
    registerAction(app, action, services);
  }
  for (const download of exportRegistry.values()) {
    registerExport(app, download, services);
  }

  app.get('/healthz', async (_request, reply) => {
    await db.execute(sql`select 1`);
    return reply.header('cache-control', 'no-store').send({ ok: true, database: database.kind });
  });

  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument(config) as never } });
  // The API's map is for people signed in: the document to a full session only (401 otherwise),
  // the page sending anyone else to the sign-in screen and back. Swagger UI's own scripts stay public.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: async (request, reply) => {
        const session = await resolveSession(db, request, config);
        if (session?.stage === 'full') return;
        const path = request.url.split('?')[0];
        if (path.endsWith('/json') || path.endsWith('/yaml')) {
          return send(reply, 401, { success: false, data: {}, errors: ['Please sign in to continue.'] });
        }
        return reply.header('cache-control', 'no-store').redirect('/login?p=%2Fapi%2Fdocs');
      },
    },
  });

  await registerRoutes(app, services);

  const webRoot = options.webRoot ?? resolve('dist/web');
  const notFound = (reply: FastifyReply) => send(reply, 404, { success: false, data: {}, errors: ['There is no such page or action.'] });
  if (existsSync(resolve(webRoot, 'index.html'))) {
    // Hashed chunks are looked up when asked for, so a rebuild is served without a restart.
    // Sent as the build compressed them (.br, .gz), by what the browser accepts (decision 016).
    await app.register(fastifyStatic, {
      root: resolve(webRoot, 'assets'), prefix: '/assets/', wildcard: true, index: false, maxAge: '1y', immutable: true, preCompressed: true,
    });
    // Every screen route serves the app; the router inside picks the screen. A missing file is a 404.
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      if (request.method !== 'GET' || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) return notFound(reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot, { cacheControl: false });
    });
  } else {
    app.setNotFoundHandler((_request, reply) => notFound(reply));
  }
  return app;
}

/** The pipeline every action goes through: session, permission, body, CSRF, input, transaction, audit. */
function registerAction(app: FastifyInstance, action: ActionDefinition, services: Services) {
  const route = actionRoute(action);
  const { db } = services.database;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await resolveSession(db, request, services.config);
    authorise(action, session);

    let body: Record<string, unknown>;
    let files: UploadedFile[] = [];
    if (request.isMultipart()) {
      if (!action.maxFileBytes) throw AppError.invalid('This action does not take file uploads.');
      const parsed = await readMultipart(request, action);
      body = normaliseKeys(parsed.fields);
      files = parsed.files;
    } else {
      body = normaliseKeys(request.body);
    }

    if (action.permission !== 'public' && action.permission !== 'pending') {
      const token = body.csrfToken ?? request.headers['x-csrf-token'];
      if (!sameToken(token, session!.csrfToken)) {
        throw AppError.forbidden('Your session has expired or this form is out of date. Reload the page and try again.');
      }
    }
    delete body.csrfToken;
    if (session?.stage === 'full') await checkActionReach(db, session.user.reach, action.reach, action.input, body);
    const input = parseInput(action.input, body);

    const audits: AuditEntry[] = [];
    const context = (tx: Db) => ({
      input, db: tx, user: session?.user as never, session, request, reply, services, files,
      audit: (entry: AuditEntry) => audits.push(entry),
    });
    if (action.readOnly) {
      const data = await action.handler(context(db));
      return send(reply, 200, { success: true, data: (data ?? {}) as Record<string, unknown>, errors: [] });
    }
    let failure: AppError | undefined;
    const data = await db.transaction(async (tx) => {
      const result = await action.handler(context(tx)).catch((error: unknown) => {
        if (error instanceof AppError && error.commit) failure = error;
        else throw error;
      });
      if (failure) return undefined;
      if (!action.readOnly) {
        const base = {
          userId: session?.user.id ?? null,
          action: action.path,
          input: redact(input),
          ip: request.ip,
          requestId: String(request.id),
        };
        const rows = audits.length
          ? audits.map((a) => ({ ...base, recordType: a.recordType, recordId: String(a.recordId), before: redact(a.before) ?? null, after: redact(a.after) ?? null }))
          : [base];
        await tx.insert(auditLog).values(rows);
      }
      return result;
    }).finally(() => {
      // Whatever the change wrote (a sign-out, a lock, flags), the sessions kept here may be out of date.
      forgetSessions(db);
    });
    if (failure) throw failure;
    if (reply.sent) return reply;
    return send(reply, 200, { success: true, data: (data ?? {}) as Record<string, unknown>, errors: [] });
  };
  const config = action.rateLimit ? { rateLimit: { max: action.rateLimit, timeWindow: '1 minute' } } : {};
  app.post(route, { config }, handler);
  // The spec names some calls with `.php`; both spellings answer.
  app.post(`${route}.php`, { config }, handler);
}

/** A CSV download of a list: same permission and filters as the list, streamed in constant memory. */
function registerExport(app: FastifyInstance, download: ListExport, services: Services) {
  const { db } = services.database;
  app.get(download.route, async (request, reply) => {
    const session = await resolveSession(db, request, services.config);
    authorise(download.list, session);
    const query = normaliseKeys(request.query);
    await checkActionReach(db, session!.user.reach, download.list.records ?? {}, download.input, query);
    const input = parseInput(download.input, query) as Record<string, unknown> & { limit?: number };
    const context = { input, db, user: session!.user, session, request, reply, services, files: [], audit: () => undefined };
    // Everything that can fail does so before the headers go out: the input above, and the
    // statement, which the database has started (and so accepted) by the time the stream is here.
    const csv = services.database.pool
      ? await copyCsv(services.database.pool, [download.list.columns.map((c) => c.label)], exportCopySql(download.list, context, input.limit ?? Infinity))
      : Readable.from(await started(exportRows(download.list, context, input.limit ?? Infinity))).pipe(stringify());
    try {
      await db.insert(auditLog).values({
        userId: session!.user.id, action: `export ${download.route}`, input: redact(input), ip: request.ip, requestId: String(request.id),
      });
    } catch (error) {
      csv.destroy();
      throw error;
    }
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${download.filename}-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}

/**
 * The header row, then PostgreSQL's own CSV straight from COPY, on a connection held until the end.
 * It resolves once the COPY has sent its first rows (or ended): a statement PostgreSQL refuses
 * fails here, before the reply's headers are sent, rather than cutting a download already under way.
 */
async function copyCsv(pool: pg.Pool, header: string[][], statement: string): Promise<Readable> {
  const client = await pool.connect();
  const out = new PassThrough();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  out.write(stringifySync(header));
  const rows = client.query(copyTo(statement));
  rows.on('error', (e) => { release(e); out.destroy(e); });
  rows.on('end', () => release());
  // A download stopped half-way: drop the connection, which ends the COPY on the server too.
  out.on('close', () => release(released ? undefined : new Error('The download was stopped before the end.')));
  const first = new Promise<void>((resolve, reject) => {
    rows.once('data', () => resolve());
    rows.once('end', () => resolve());
    rows.once('error', reject);
  });
  rows.pipe(out);
  await first;
  return out;
}

/** An export's rows with the first two (the header and the first row) already read: a query that fails, fails here. */
async function started<T>(rows: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = rows[Symbol.asyncIterator]();
  const first: T[] = [];
  for (let i = 0; i < 2; i++) {
    const next = await iterator.next();
    if (next.done) break;
    first.push(next.value);
  }
  return (async function* () {
    yield* first;
    if (first.length === 2) yield* { [Symbol.asyncIterator]: () => iterator };
  })();
}

function authorise(action: Pick<ActionDefinition, 'permission'>, session: Session | null) {
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

/** The headers a Connect-style middleware sets on every response, read once from a stand-in response. */
function staticHeaders(middleware: (req: never, res: never, next: (error?: unknown) => void) => void): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  middleware({ headers: {} } as never, res as never, (error) => {
    if (error) throw error;
  });
  return headers;
}
