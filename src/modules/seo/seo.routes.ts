import type { FastifyInstance } from 'fastify';
import { resolveSession } from '../../server/platform/session';
import { LOCAL_PREVIEW_PATH } from '../../server/providers/cms/cms';
import type { Services } from '../../server/services';

/**
 * The local CMS's preview of a page it keeps (`previewUrl` of a page built with it), for signed-in
 * staff: the page as the website would show it. The real CMS serves its own previews.
 */
export async function registerCmsPreview(app: FastifyInstance, services: Services) {
  const { preview } = services.cms;
  if (!preview) return;
  app.get<{ Params: { ref: string } }>(`${LOCAL_PREVIEW_PATH}/:ref`, async (request, reply) => {
    const session = await resolveSession(services.database.db, request, services.config);
    if (session?.stage !== 'full')
      return reply.code(401).send({ success: false, data: {}, errors: ['Please sign in to continue.'] });
    const ref = request.params.ref;
    const html = /^local-\d{1,18}$/.test(ref) ? await preview(services.database.db, ref) : null;
    if (!html) return reply.code(404).send({ success: false, data: {}, errors: ['The CMS has no such page.'] });
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'")
      .header('cache-control', 'no-store')
      .send(html);
  });
}
