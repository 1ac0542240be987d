import type { FastifyReply } from 'fastify';
import { PRINTED_AT_HEADER } from '../../domain/api/overprint';
import { RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import { fail } from '../envelope';
import type { PrintedCopy } from './print-cache';
import { RenderQueueFull } from './render-pool';

/*
 * How a route that prints answers (the visitor's overprint/document, a case's documents for staff): the
 * PDF named by the 受理編號 with its printed time, or, when the render queue is full, 503 with Retry-After.
 */

/** How long a refused print waits for the queue to move: a render takes a fraction of a second. */
const PRINT_RETRY_SECONDS = 5;

/** The copy, or null when the render queue refused it; any other failure rejects. */
export function unlessQueueFull(printing: Promise<PrintedCopy>): Promise<PrintedCopy | null> {
  return printing.catch((error: unknown) => {
    if (error instanceof RenderQueueFull) return null;
    throw error;
  });
}

export function sendPrintBusy(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', PRINT_RETRY_SECONDS)
    .send(fail(RETURN_CODE.unavailable, messages.printBusy()));
}

export function sendCopy(reply: FastifyReply, applicationNo: string, copy: PrintedCopy): FastifyReply {
  return (
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${applicationNo}.pdf"`)
      // the time printed on every page: the flow lists each copy by it; a copy handed out again keeps its own
      .header(PRINTED_AT_HEADER, copy.printedAt.toISOString())
      .send(copy.pdf)
  );
}
