/**
 * `npm start`: builds the web app when its sources are newer than the last build, then serves.
 * A fresh clone therefore needs only `npm ci && npm start`.
 */
import { ensureWebBuilt } from './web-build';

// React's server renderer and Fastify run their production paths unless asked otherwise.
process.env.NODE_ENV ??= 'production';

await ensureWebBuilt();
await import('../src/server/main');
