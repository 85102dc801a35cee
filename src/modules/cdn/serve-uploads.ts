import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../server/services';
import { STORAGE_KEY } from '../../server/providers/storage/storage';
import { cdnUploads } from './cdn.db';
import { isImage, UPLOADS_PATH } from './cdn.contract';

/**
 * Headers of every served upload, over the page set the platform gives non-API paths: nothing in a
 * file may run (a sandboxed, script-less policy), its type is the one read from its content and is
 * never sniffed, and it may be embedded by the group's other sites (a CDN's purpose).
 */
const FILE_HEADERS = {
  'content-security-policy': "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'cross-origin',
  'cache-control': 'public, max-age=31536000, immutable',
};

const notFound = { success: false, data: {}, errors: ['That file does not exist.'] };

/**
 * Serves active uploads at /uploads/{month}/{name}, by the key the server gave them. Public, as a CDN
 * is: a key is 22 random characters nobody can guess. A file other than an image is always a
 * download, so even a PDF never opens as a page of the app's origin.
 */
export async function registerUploadRoute(app: FastifyInstance, services: Services) {
  app.get<{ Params: { month: string; name: string } }>(`${UPLOADS_PATH}/:month/:name`, async (request, reply) => {
    const key = `${request.params.month}/${request.params.name}`;
    const [row] = STORAGE_KEY.test(key)
      ? await services.database.db
          .select({ contentType: cdnUploads.contentType, filename: cdnUploads.filename })
          .from(cdnUploads)
          .where(and(eq(cdnUploads.storageKey, key), eq(cdnUploads.active, true)))
      : [];
    const file = row ? await services.storage.get(key) : null;
    if (!row || !file) return reply.code(404).headers(FILE_HEADERS).header('cache-control', 'no-store').send(notFound);
    reply.headers(FILE_HEADERS).type(row.contentType);
    if (!isImage(row.contentType)) {
      const ascii = row.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      reply.header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
      );
    }
    return reply.send(file.data);
  });
}
