/**
 * Stopping without failing a request (issue 29, item 4; docs/deploy.md, "Restarts"). A server told to
 * stop no longer takes connections, and a request still reaching it on a connection it has is
 * answered as usual (Fastify's `return503OnClosing: false`, set in app.ts) with `Connection: close`,
 * so the client's next request opens a connection to a server that stays. Before, those got
 * Fastify's own 503 body, and idle keep-alive connections were closed at once: a client sending on
 * one at that moment had its request reset. Here an idle connection is left to be used once more, or
 * to be ended by its client (clients close theirs ahead of the server's advertised keep-alive time);
 * `drainMs` later, whatever is still open is closed.
 */
import type { FastifyInstance } from 'fastify';

export function drainOnClose(app: FastifyInstance, drainMs: number) {
  app.addHook('preClose', (done) => {
    const { server } = app;
    const closeIdle = server.closeIdleConnections.bind(server);
    // Node's close() closes idle keep-alive connections at once: they are left to finish instead.
    server.closeIdleConnections = () => undefined;
    const timer = setTimeout(() => {
      closeIdle();
      server.closeAllConnections();
    }, drainMs);
    timer.unref();
    server.once('close', () => clearTimeout(timer));
    done();
  });
}
