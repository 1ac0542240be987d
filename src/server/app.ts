import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '../domain/envelope';
import { createCaptcha } from './captcha/captcha';
import {
  ADDRESS_LIMIT,
  CAPTCHA_EXPIRES_SECONDS,
  CAPTCHA_MAX_NUMBER,
  DEFAULT_RENDER_QUEUE,
  DEFAULT_RENDER_THREADS,
  DEFAULT_SITE_URL,
  DEFAULT_TEST_REPORT,
  type ServerConfig,
} from './config';
import type { Database } from './db/schema';
import { createRenderPool, type Renderer } from './overprint/render-pool';
import { csrfPlugin } from './plugins/csrf';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { staffSessionPlugin } from './plugins/staff-session';
import { staticSitePlugin } from './plugins/static-site';
import { yupValidatorCompiler } from './route-input';
import { applicationCaseRoutes } from './routes/application-case';
import { applicationQueueRoutes } from './routes/application-queue';
import { atlasRoutes } from './routes/atlas';
import { captchaRoutes } from './routes/captcha';
import { cartServiceRoutes } from './routes/cart-service';
import { catalogueRoutes } from './routes/catalogue';
import { consentRoutes } from './routes/consent';
import { contactRoutes } from './routes/contact';
import { contactInboxRoutes } from './routes/contact-inbox';
import { contentRoutes } from './routes/content';
import { functionMetaRoutes } from './routes/function-meta';
import { healthRoutes } from './routes/health';
import { outboxRoutes } from './routes/outbox';
import { overprintRoutes } from './routes/overprint';
import { shopcartRoutes } from './routes/shopcart';
import { staffAccountRoutes } from './routes/staff-accounts';
import { staffNotificationRoutes } from './routes/staff-notifications';
import { staffSignInRoutes } from './routes/staff-sign-in';
import { tryoutRoutes } from './routes/tryout';
import { deriveSessionKeys } from './session-keys';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'sessionSecret' | 'staticDir' | 'trustProxy' | 'logLevel'> &
    Partial<
      Pick<
        ServerConfig,
        | 'rateLimitAllowList'
        | 'rateLimitPerAddress'
        | 'captchaMaxNumber'
        | 'captchaExpiresSeconds'
        | 'testReport'
        | 'databaseUrl'
        | 'pdfThreads'
        | 'pdfQueue'
        | 'siteUrl'
      >
    >;
  /** renders the overprint PDFs; a pool of worker threads unless given (tests count renders through it) */
  renderer?: Renderer;
  /** pino request logging, to stdout or to a given stream; off unless asked for (tests keep it off) */
  logger?: boolean | { stream: { write(line: string): void } };
  /** called for every route the app registers: lets the fuzz suite reach each endpoint, new ones included */
  onRoute?: (route: RouteOptions) => void;
  /** the clock 寄件匣 reads leases by, e-mailed codes expire by, and the staff sign-in and sessions keep;
   * the system's unless a test moves it */
  now?: () => Date;
  /** how the staff sign-in waits before answering after wrong passwords; a timer unless a test records it */
  pause?: (ms: number) => Promise<void>;
}

/** Builds the whole app, ready for inject() or listen(); it never listens itself. */
export async function buildApp({
  db,
  config,
  logger = false,
  onRoute,
  now = () => new Date(),
  pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  renderer = createRenderPool({
    threads: config.pdfThreads ?? DEFAULT_RENDER_THREADS,
    queue: config.pdfQueue ?? DEFAULT_RENDER_QUEUE,
  }),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && {
      level: config.logLevel,
      serializers: { req: logRequest, res: logReply },
      ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // while closing, requests still arriving are answered as usual (see plugins/graceful-close.ts)
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  // every route's body, query and params: a shared yup schema, refused in the errors plugin's envelope
  app.setValidatorCompiler(yupValidatorCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);
  const keys = deriveSessionKeys(config.sessionSecret);

  await app.register(errorsPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(securityPlugin);
  await app.register(sessionPlugin, { keys });
  await app.register(rateLimitsPlugin, {
    allowList: config.rateLimitAllowList ?? [],
    perAddress: config.rateLimitPerAddress ?? ADDRESS_LIMIT,
    // servers sharing a PostgreSQL count in it, so a limit holds whichever process answers
    shared: config.databaseUrl ? db : undefined,
  });
  await app.register(csrfPlugin);
  await app.register(staffSessionPlugin, { db, now });
  // app.captcha: any route checks a payload with `await app.captcha.verify(db, payload)`
  app.decorate(
    'captcha',
    createCaptcha({
      hmacKey: keys.captchaKey,
      maxNumber: config.captchaMaxNumber ?? CAPTCHA_MAX_NUMBER,
      expiresSeconds: config.captchaExpiresSeconds ?? CAPTCHA_EXPIRES_SECONDS,
    }),
  );

  await app.register(healthRoutes, { db, prefix: API_BASE });
  await app.register(functionMetaRoutes, { db, prefix: API_BASE });
  await app.register(consentRoutes, { db, prefix: API_BASE });
  await app.register(cartServiceRoutes, { db, prefix: API_BASE });
  await app.register(catalogueRoutes, { db, prefix: API_BASE });
  await app.register(captchaRoutes, { prefix: API_BASE });
  const siteUrl = config.siteUrl ?? DEFAULT_SITE_URL;
  await app.register(shopcartRoutes, { db, tokenKey: keys.tokenKey, siteUrl, now, prefix: API_BASE });
  await app.register(tryoutRoutes, { db, now, prefix: API_BASE });
  app.addHook('onClose', () => renderer.close());
  await app.register(overprintRoutes, { db, keys, renderer, now, prefix: API_BASE });
  await app.register(contentRoutes, { db, prefix: API_BASE });
  await app.register(contactRoutes, { db, siteUrl, now, prefix: API_BASE });
  await app.register(staffSignInRoutes, { db, keys, now, pause, prefix: API_BASE });
  await app.register(staffAccountRoutes, { db, now, prefix: API_BASE });
  await app.register(applicationQueueRoutes, { db, now, prefix: API_BASE });
  await app.register(applicationCaseRoutes, { db, renderer, siteUrl, now, prefix: API_BASE });
  await app.register(contactInboxRoutes, { db, now, prefix: API_BASE });
  await app.register(outboxRoutes, { db, now, prefix: API_BASE });
  await app.register(staffNotificationRoutes, { db, keys, now, prefix: API_BASE });
  await app.register(atlasRoutes, {
    db,
    keys,
    testReport: config.testReport ?? resolve(DEFAULT_TEST_REPORT),
    now,
    prefix: API_BASE,
  });

  await app.register(staticSitePlugin, { staticDir: config.staticDir, db });
  await app.ready();
  return app;
}

// Only what operations need; query strings, headers, cookies and bodies may carry personal data.
function logRequest(request: FastifyRequest) {
  return { method: request.method, path: request.url.split('?', 1)[0] };
}

function logReply(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}
