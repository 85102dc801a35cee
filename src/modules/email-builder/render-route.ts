/**
 * The preview (seed 001: /marketing/email-builder/emails/render?templateId=&refresh=): the compiled
 * email itself, for the builder's iframe and as a link to share with colleagues who may open it.
 * Staff's own html pieces are shown as written, so the page runs no script and loads only images
 * and styles (its Content-Security-Policy), and the builder's iframe is sandboxed besides.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createElement as h } from 'react';
import { publicPage } from '../../server/platform/public-page';
import { reachesLocation } from '../../server/platform/reach';
import { resolveSession } from '../../server/platform/session';
import type { Services } from '../../server/services';
import { RENDER_PATH } from './email-builder.contract';
import { emailTemplates } from './email-builder.db';
import { compileStored } from './templates';

const PREVIEW_POLICY =
  "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline' https:; font-src https:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export async function registerRenderRoute(app: FastifyInstance, services: Services) {
  app.get<{ Querystring: { templateId?: string } }>(RENDER_PATH, async (request, reply) => {
    const { db } = services.database;
    const session = await resolveSession(db, request, services.config);
    if (session?.stage !== 'full')
      return publicPage(reply, 401, 'Please sign in', h('p', null, 'Sign in to Forecourt to see this email.'));
    const id = Number(request.query.templateId);
    const [row] =
      Number.isInteger(id) && id > 0 && id <= 2_147_483_647
        ? await db.select().from(emailTemplates).where(eq(emailTemplates.id, id))
        : [];
    // Without the flag, or outside reach, the template does not exist for this user.
    if (!row || !session.user.flags.includes('emailBuilder') || !reachesLocation(session.user.reach, row.locationId))
      return publicPage(reply, 404, 'Email not found', h('p', null, 'That email template does not exist.'));
    const { html } = await compileStored(db, row);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PREVIEW_POLICY)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('referrer-policy', 'no-referrer')
      .send(html);
  });
}
