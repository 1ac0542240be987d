import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { API_BASE } from '../../domain/envelope';
import { sharedPlugin } from './shared-plugin';

/** Per-IP limit for write endpoints; pass as `config: { rateLimit: WRITE_RATE_LIMIT }` on the route. */
export const WRITE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Per-IP limit for cheap reads and page-view logging, which a visitor calls on every navigation. */
export const READ_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

// The Vite build loads only same-origin module scripts and stylesheets, so nothing inline is allowed.
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  },
};

export const securityPlugin = sharedPlugin<{ rateLimitAllowList: string[] }>(
  async (app, { rateLimitAllowList }) => {
    await app.register(helmet, {
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      frameguard: { action: 'deny' },
    });
    await app.register(rateLimit, {
      global: false,
      allowList: rateLimitAllowList,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error('rate limit exceeded'), { statusCode: context.statusCode }),
    });

    // Answers carry per-visitor cookies and data: no shared cache may keep them. Unmatched paths
    // (404 envelopes) are kept out too.
    app.addHook('onSend', async (request, reply) => {
      const route = request.routeOptions.url;
      if ((route === undefined || route.startsWith(`${API_BASE}/`)) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
);
