import { timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, RETURN_CODE } from '../../domain/envelope';
import { FAILURE_MESSAGES, fail } from '../envelope';
import { sharedPlugin } from './shared-plugin';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit check: every write must echo the session's token (readable only by pages of this origin)
 * in a header. It holds for any path, matched or not, so no spelling of a path can step around it.
 * Registered after the session plugin, which sets request.sessionId and its request.csrfToken.
 */
export const csrfPlugin = sharedPlugin(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const header = request.headers[CSRF_HEADER];
    if (request.sessionId && typeof header === 'string' && sameToken(header, request.csrfToken)) {
      return;
    }
    return reply.code(403).send(fail(RETURN_CODE.forbidden, FAILURE_MESSAGES.forbidden));
  });
});

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
