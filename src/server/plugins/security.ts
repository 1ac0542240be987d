import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { API_BASE } from '../../domain/envelope';
import { APP_MODULES_LOADER } from '../page-preloads';
import { sharedPlugin } from './shared-plugin';

// The Vite build loads only same-origin module scripts and stylesheets, so nothing inline is allowed but the
// pages' one script that loads the app after the first paint, by its hash (src/server/page-preloads.ts).
// The captcha widget fits as is (components/captcha/altcha-widget.ts): its CSP build has no inline <style>,
// and its worker is a file of the build, allowed by script-src (there is no worker-src), so no blob:.
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(APP_MODULES_LOADER).digest('base64')}'`],
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

/**
 * The headers helmet's middleware sets, recorded once: with no directive that depends on the request they
 * are the same for every answer, and running its thirteen middlewares on each request cost getCart under
 * load about 7% of the server's time. Since helmet 8.1 a bad option throws here.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be worked out once');
  return headers;
}

/** Every answer's security headers; answers made before the request hooks run set them themselves. */
export const SECURITY_HEADERS = helmetHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  frameguard: { action: 'deny' },
});

export const securityPlugin = sharedPlugin(async (app) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });

  // Answers carry per-visitor cookies and data: no shared cache may keep them. Unmatched paths
  // (404 envelopes) are kept out too.
  app.addHook('onSend', async (request, reply) => {
    const route = request.routeOptions.url;
    if ((route === undefined || route.startsWith(`${API_BASE}/`)) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
