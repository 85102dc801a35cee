import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../server/services';
import { resolveSession } from '../../server/platform/session';
import { reachesLocation } from '../../server/platform/reach';
import { publicPage } from '../../server/platform/public-page';
import { createElement as h } from 'react';
import { landingPages } from './page-builder.db';
import { PREVIEW_PATH, PUBLIC_PAGE_PATH } from './page-builder.contract';
import { renderPage } from './page-render';

/** Who may preview: the builder's own flag, within reach of the page's store. */
export const PREVIEW_FLAG = 'marketing';

const send = (reply: FastifyReply, html: string, cache: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', cache).send(html);

const missing = (reply: FastifyReply) =>
  publicPage(
    reply,
    404,
    'Page not found',
    h('p', null, 'This address leads to no page. Check that it was copied whole.'),
  );

/**
 * The published pages at /p/{slug}, for anyone, and the builder's preview of a draft. Both carry the
 * platform's page headers (a same-origin CSP without inline scripts, nosniff, framing by the app only),
 * set for every path outside /api/ (src/server/http/headers.ts).
 */
export async function registerPageRoutes(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  app.get<{ Params: { slug: string } }>(`${PUBLIC_PAGE_PATH}/:slug`, async (request, reply) => {
    const slug = /^[a-z0-9-]{3,60}$/.test(request.params.slug) ? request.params.slug : '';
    const [page] = slug
      ? await db
          .select()
          .from(landingPages)
          .where(and(eq(landingPages.slug, slug), eq(landingPages.published, true)))
      : [];
    if (!page) return missing(reply);
    return send(reply, renderPage(page), 'public, max-age=60');
  });

  app.get<{ Querystring: { page?: string } }>(PREVIEW_PATH, async (request, reply) => {
    const session = await resolveSession(db, request, services.config);
    if (session?.stage !== 'full' || !session.user.flags.includes(PREVIEW_FLAG))
      return publicPage(
        reply,
        401,
        'Sign in to preview',
        h('p', null, 'Sign in with the page builder to preview pages.'),
      );
    const pageId = Number(request.query.page);
    const [page] =
      Number.isInteger(pageId) && pageId > 0 && pageId <= 2_147_483_647
        ? await db.select().from(landingPages).where(eq(landingPages.id, pageId))
        : [];
    if (!page || !reachesLocation(session.user.reach, page.locationId)) return missing(reply);
    return send(reply, renderPage(page, { noindex: true }), 'no-store');
  });
}
