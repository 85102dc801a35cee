/**
 * The built server's entry (dist/server/main.mjs): production unless told otherwise. React and Fastify
 * read NODE_ENV as they load, so it is set before the server is imported.
 */
import { env } from 'node:process';

env.NODE_ENV ??= 'production';
await import('./main');
