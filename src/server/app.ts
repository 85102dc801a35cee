import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import qs from 'node:querystring';
import { trustProxyOption, type Config } from './config';
import type { Database } from './db/client';
import { createServices, type Services } from './services';
import { actionRegistry } from './platform/actions';
import { exportRegistry } from './platform/lists';
import { watchSessions } from './platform/session-cache';
import { sharedRateLimits } from './platform/rate-limits';
import { registerRoutes } from './routes';
import { MAX_BODY } from './http/bodies';
import { secureHeaders } from './http/headers';
import { drainOnClose } from './http/drain';
import { replyWithError } from './http/errors';
import { registerAction } from './http/actions';
import { registerExport } from './http/exports';
import { serveApiDocs, serveWeb } from './http/web';
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

/** The server: the platform's plugins, every registered action and download, the modules' own routes, the web app. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
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
    // A stopping server answers the requests still reaching it, with `Connection: close` (http/drain.ts).
    return503OnClosing: false,
  });
  drainOnClose(app, config.SHUTDOWN_DRAIN_MS);
  const services = createServices(config, database);
  app.addHook('onClose', await watchSessions(database, config.SESSION_CACHE_SECONDS));
  app.decorate('services', services);
  app.decorateRequest('forecourtSession', undefined);

  await app.register(cookie);
  // Replies of a kilobyte or more go gzipped to a browser that accepts it (a 100-row list page of
  // about 60 KB crosses as about 8). Gzip only: per request, brotli costs more CPU than it saves;
  // the built files keep the brotli the build made once (http/web.ts). At gzip's fastest level, as a
  // proxy's default is: a CSV download of a million rows (150 MB) costs the server 0.7 s of CPU
  // instead of 1.7 s, for a file 15% larger (6.7 times smaller than the CSV instead of 7.7).
  await app.register(compress, { threshold: 1024, encodings: ['gzip'], zlibOptions: { level: 1 } });
  await app.register(formbody, { bodyLimit: MAX_BODY, parser: (body) => qs.parse(body) });
  await app.register(multipart);
  secureHeaders(app, config);
  await limitRates(app, services);
  app.setErrorHandler(replyWithError);

  for (const action of actionRegistry.values()) registerAction(app, action, services);
  for (const download of exportRegistry.values()) registerExport(app, download, services);
  app.get('/healthz', async (_request, reply) => {
    await database.db.execute(sql`select 1`);
    return reply.header('cache-control', 'no-store').send({ ok: true, database: database.kind });
  });
  await serveApiDocs(app, database.db, config);
  await registerRoutes(app, services);
  await serveWeb(app, options.webRoot ?? resolve('dist/web'));
  return app;
}

/** Requests per address per minute, counted in PostgreSQL so a limit holds across every server process (platform/rate-limits.ts). */
async function limitRates(app: FastifyInstance, services: Services) {
  const rateLimits = sharedRateLimits(services.database.db, app.log);
  rateLimits.start();
  app.decorate('rateLimits', rateLimits);
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, {
    global: true,
    store: rateLimits.Store,
    max: services.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // The app's own files and the library's pictures are never counted: a cold screen loads dozens of
    // chunks, and a whole store behind one address would otherwise run out of requests in a few
    // screens (and see a blank page).
    allowList: (request) => request.url.startsWith('/assets/') || request.url.startsWith('/static/'),
    // The limit and what is left are told when it is reached (with Retry-After), not on every reply.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_req, context) => ({
      statusCode: context.statusCode,
      success: false,
      data: {},
      errors: [`Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`],
    }),
  });
}
