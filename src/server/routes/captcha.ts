import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../envelope';

/**
 * A captcha challenge for the widget. It answers in the envelope like every API route: the widget fetches
 * through the client's own fetch (components/captcha/altcha-widget.ts), which unwraps `data`. A read: it
 * writes nothing, and a new challenge costs one hash and two HMACs. `no-store` comes from the security
 * plugin, as for every API answer.
 */
export const captchaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/captcha/challenge', { config: { budget: 'read' } }, async () =>
    ok(await app.captcha.challenge()),
  );
};
