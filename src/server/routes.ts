import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from './services';
import { resolveSession } from './platform/session';
import { userPhotos, users } from '../modules/users/users.db';
import { reachesLocation } from './platform/reach';
import type { SessionReply } from '../shared/session';
import { moduleRegistry } from './platform/modules';

/** The few routes beside the actions: the platform's, then those the modules declare (webhooks). */
export async function registerRoutes(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  for (const module of moduleRegistry) await module.routes?.(app, services);

  app.get('/api/session', async (request, reply) => {
    const session = await resolveSession(db, request, services.config);
    const body: SessionReply =
      session?.stage === 'full'
        ? {
            signedIn: true,
            pending: false,
            user: session.user,
            flags: session.user.flags,
            csrfToken: session.csrfToken,
            publicUrl: services.config.PUBLIC_URL,
          }
        : {
            signedIn: false,
            pending: session?.stage === 'password',
            user: null,
            flags: [],
            csrfToken: null,
            publicUrl: null,
          };
    return reply.header('cache-control', 'no-store').send({ success: true, data: body, errors: [] });
  });

  app.get<{ Params: { id: string } }>('/api/users/:id/photo', async (request, reply) => {
    const session = await resolveSession(db, request, services.config);
    if (session?.stage !== 'full')
      return reply.code(401).send({ success: false, data: {}, errors: ['Please sign in to continue.'] });
    const userId = Number(request.params.id);
    const [photo] =
      Number.isInteger(userId) && userId > 0 && userId <= 2_147_483_647
        ? await db
            .select({ content: userPhotos.content, contentType: userPhotos.contentType, locationId: users.locationId })
            .from(userPhotos)
            .innerJoin(users, eq(users.id, userPhotos.userId))
            .where(eq(userPhotos.userId, userId))
        : [];
    // Anyone's own photo; another user's only within reach, as the users they can see.
    if (!photo || (userId !== session.user.id && !reachesLocation(session.user.reach, photo.locationId)))
      return reply.code(404).send({ success: false, data: {}, errors: ['This user has no profile image.'] });
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', 'private, max-age=300')
      .send(photo.content);
  });
}
