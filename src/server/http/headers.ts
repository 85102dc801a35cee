import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/** OWASP's headers for API replies: JSON is never rendered, framed or sniffed as something else. */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * The built scripts and styles under /assets/: what a browser heeds on a script or a stylesheet.
 * A page's policies (CSP, framing, opener, referrer) are the page's; sent on each of the first page's
 * thirty-odd files they were about a kilobyte of its transfer each.
 */
const ASSET_HEADERS = {
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/**
 * Secure headers are the same for every response of a kind: worked out once, then set with the
 * reply's own headers. Pages and files get helmet's whole set; replies under /api/ (JSON, photos)
 * get the set OWASP gives for APIs, a third of the bytes, on the busiest calls. The API's docs are a page.
 */
export function secureHeaders(app: FastifyInstance, config: Config) {
  const pageHeaders = staticHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(config.ASSETS_BASE_URL.startsWith('http') ? [new URL(config.ASSETS_BASE_URL).origin] : []),
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          frameSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(
      url.startsWith('/assets/')
        ? ASSET_HEADERS
        : url.startsWith('/api/') && !url.startsWith('/api/docs')
          ? API_HEADERS
          : pageHeaders,
    );
    reply.header('x-request-id', request.id);
    done();
  });
}

/** The headers a Connect-style middleware sets on every response, read once from a stand-in response. */
function staticHeaders(
  middleware: (req: never, res: never, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({ headers: {} } as never, res as never, (error) => {
    if (error) throw error;
  });
  return headers;
}
