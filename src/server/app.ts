import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
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
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { stringify } from 'csv-stringify';
import { exportCopySql, exportRegistry, exportRows, type ListExport } from './platform/lists';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createServices, type Services } from './services';
import { actionRegistry, actionRoute, redact, type ActionDefinition, type AuditEntry, type UploadedFile } from './platform/actions';
import { AppError } from './platform/errors';
import { parseInput } from './platform/validation';
import { resolveSession, sameToken, type Session } from './platform/session';
import { forgetSessions, watchSessions } from './platform/session-cache';
import { auditLog } from './platform/platform.db';
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

/** `a[]=1&a[]=2` arrives as key `a[]`: the handlers see `a`. */
function normaliseKeys(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return {};
  const fields = body as Record<string, unknown>;
  let bracketed = false;
  for (const key in fields) if (key.endsWith('[]')) bracketed = true;
  // A JSON body (every screen's) has none: it is used as it came, a copy being one more object per call.
  if (!bracketed) return fields;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      out[name] = [...((out[name] as unknown[]) ?? []), ...(Array.isArray(value) ? value : [value])];
    } else {
      out[key] = value;
    }
  }
  return out;
}

async function readMultipart(request: FastifyRequest, maxFileBytes: number) {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 20, fields: 200 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else {
        const prior = fields[part.fieldname];
        fields[part.fieldname] = prior === undefined ? part.value : [...(Array.isArray(prior) ? prior : [prior]), part.value];
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw AppError.invalid(`The file is too large; the limit is ${Math.round(maxFileBytes / 1048576)} MB.`, ['file']);
    }
    if (code?.startsWith('FST_')) throw AppError.invalid('The upload could not be read; choose the file again.', ['file']);
    throw error;
  }
  return { fields, files };
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
    trustProxy: true,
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
  await app.register(rateLimit, {
    global: true,
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
      return send(reply, error.status, { success: false, data: error.fields.length ? { fields: error.fields } : {}, errors: all });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(error);
    if (status === 413) return send(reply, 400, { success: false, data: {}, errors: ['The request is too large; send less than 10 MB.'] });
    if (status === 415) return send(reply, 400, { success: false, data: {}, errors: ['Send the form as form fields, multipart or JSON.'] });
    if (status >= 400 && status < 500) {
      return send(reply, 400, { success: false, data: {}, errors: ['The request could not be read; check the form and try again.'] });
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await registerRoutes(app, services);

  const webRoot = options.webRoot ?? resolve('dist/web');
  const notFound = (reply: FastifyReply) => send(reply, 404, { success: false, data: {}, errors: ['There is no such page or action.'] });
  if (existsSync(resolve(webRoot, 'index.html'))) {
    // Hashed chunks are looked up when asked for, so a rebuild is served without a restart.
    await app.register(fastifyStatic, { root: resolve(webRoot, 'assets'), prefix: '/assets/', wildcard: true, index: false, maxAge: '1y', immutable: true });
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
      const parsed = await readMultipart(request, action.maxFileBytes);
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
    const input = parseInput(download.input, normaliseKeys(request.query)) as Record<string, unknown> & { limit?: number };
    await db.insert(auditLog).values({
      userId: session!.user.id, action: `export ${download.route}`, input: redact(input), ip: request.ip, requestId: String(request.id),
    });
    const context = { input, db, user: session!.user, session, request, reply, services, files: [], audit: () => undefined };
    const csv = services.database.pool
      ? await copyCsv(services.database.pool, [download.list.columns.map((c) => c.label)], exportCopySql(download.list, context, input.limit ?? Infinity))
      : Readable.from(exportRows(download.list, context, input.limit ?? Infinity)).pipe(stringify());
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${download.filename}-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}

/** The header row, then PostgreSQL's own CSV straight from COPY, on a connection held until the end. */
async function copyCsv(pool: pg.Pool, header: string[][], statement: string): Promise<Readable> {
  const client = await pool.connect();
  const out = new PassThrough();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  stringify(header, (error, text) => {
    if (error) return out.destroy(error);
    out.write(text);
    const rows = client.query(copyTo(statement));
    rows.on('error', (e) => { release(e); out.destroy(e); });
    rows.on('end', () => release());
    // A download stopped half-way: drop the connection, which ends the COPY on the server too.
    out.on('close', () => release(released ? undefined : new Error('The download was stopped before the end.')));
    rows.pipe(out);
  });
  return out;
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
