import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { openApiDocument } from '../platform/openapi';
import { resolveSession } from '../platform/session';
import { refuse } from './envelope';

/**
 * The API's map is for people signed in: the document to a full session only (401 otherwise),
 * the page sending anyone else to the sign-in screen and back. Swagger UI's own scripts stay public.
 */
export async function serveApiDocs(app: FastifyInstance, db: Db, config: Config) {
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument(config) as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: async (request, reply) => {
        const session = await resolveSession(db, request, config);
        if (session?.stage === 'full') return;
        const path = request.url.split('?')[0];
        if (path.endsWith('/json') || path.endsWith('/yaml')) return refuse(reply, 401, 'Please sign in to continue.');
        return reply.header('cache-control', 'no-store').redirect('/login?p=%2Fapi%2Fdocs');
      },
    },
  });
}

/**
 * The built web app, when there is one: hashed chunks looked up when asked for (a rebuild is served
 * without a restart), sent as the build compressed them (.br, .gz) by what the browser accepts
 * (decision 016). Every screen route serves the app, whose router picks the screen; a missing file
 * or action is a 404.
 */
export async function serveWeb(app: FastifyInstance, webRoot: string) {
  const notFound = 'There is no such page or action.';
  if (!existsSync(resolve(webRoot, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => refuse(reply, 404, notFound));
    return;
  }
  await app.register(fastifyStatic, {
    root: resolve(webRoot, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    maxAge: '1y',
    immutable: true,
    preCompressed: true,
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET' || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path))
      return refuse(reply, 404, notFound);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot, { cacheControl: false });
  });
}
