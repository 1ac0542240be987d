import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { RETURN_CODE } from '../../domain/envelope';
import { isDatabaseUnavailable } from '../db/availability';
import { FAILURE_MESSAGES, fail } from '../envelope';
import { SECURITY_HEADERS } from './security';
import { sharedPlugin } from './shared-plugin';

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  403: FAILURE_MESSAGES.forbidden,
  404: FAILURE_MESSAGES.notFound,
  408: FAILURE_MESSAGES.timeout,
  413: FAILURE_MESSAGES.tooLarge,
  415: FAILURE_MESSAGES.unsupportedMediaType,
  429: FAILURE_MESSAGES.tooMany,
  431: FAILURE_MESSAGES.headersTooLarge,
};

/** One answer shape for every failure: the envelope, never a stack, SQL or input echoed back. */
export const errorsPlugin = sharedPlugin(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (ValidationError.isError(error)) {
      return reply.code(400).send(fail(RETURN_CODE.badInput, error.errors[0] ?? FAILURE_MESSAGES.badInput));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: loggableError(error) }, 'database unavailable');
      return reply.code(503).send(fail(RETURN_CODE.unavailable, FAILURE_MESSAGES.unavailable));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ errCode: error.code, status }, 'request rejected');
      return reply
        .code(status)
        .send(fail(status, CLIENT_ERROR_MESSAGES[status] ?? FAILURE_MESSAGES.badInput));
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.code(500).send(fail(RETURN_CODE.serverFault, FAILURE_MESSAGES.serverFault));
  });

  app.setNotFoundHandler(answerNotFound);
});

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refuses before there is a request (a malformed
 * request line, headers too large, a request too slow to arrive) is answered in the envelope too.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(fail(status, CLIENT_ERROR_MESSAGES[status] ?? FAILURE_MESSAGES.badInput));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Fastify's frameworkErrors: a path it cannot decode (a malformed percent escape) is refused before routing
 * and before the request hooks, with Fastify's own error shape and no security headers; answered here in the
 * envelope, with them.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ errCode: error.code, status: 400 }, 'request rejected');
  return reply
    .code(400)
    .headers(SECURITY_HEADERS)
    .header('cache-control', 'no-store')
    .send(fail(RETURN_CODE.badInput, FAILURE_MESSAGES.badInput));
}

export function answerNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(fail(RETURN_CODE.notFound, FAILURE_MESSAGES.notFound));
}

/**
 * What of an error may be logged. Database errors quote the offending values in their message and
 * detail, which can be personal data, so for those only the SQLSTATE code and the stack frames stay.
 */
function loggableError(error: Error) {
  const code = (error as { code?: unknown }).code;
  const fromDatabase = 'severity' in error || (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
  const frames = error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: error.name,
    code,
    message: fromDatabase ? undefined : error.message,
    stack: frames?.join('\n'),
  };
}
