import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { catalogueServer } from '../screens/catalogue-server';
import { answerHeld, callOf, type HeldNetwork } from './api-calls';
import type { SentRequest, ServerReply } from './oracle';
import type { FetchHandler } from './render-app';

/**
 * A held call's answer as the page receives it: no answer, the envelope as JSON, or, for a call whose answer
 * is a file (the overprint's PDF), the file's own response given as the data of `fileReply`.
 */
const toResponse = (reply: ServerReply) =>
  reply === 'network-error'
    ? HttpResponse.error()
    : reply.data instanceof Response
      ? reply.data
      : HttpResponse.json(reply);

/** A held call answered with a file rather than an envelope: `reply(call, fileReply(response))`. */
export const fileReply = (response: Response): ServerReply => ({ returnCode: 0, data: response, msg: '' });

/**
 * The page's network in jsdom, through Mock Service Worker: the `held` calls wait until `reply` answers
 * them; the others get `answers` (by default the seeded catalogue's answers and the defaults every page
 * needs).
 */
export function heldNetwork(held: readonly string[], answers: FetchHandler = catalogueServer()): HeldNetwork {
  const sent: SentRequest[] = [];
  const waiting = new Map<string, Array<(response: Response) => void>>();
  const defaults = answers;
  const server = setupServer(
    http.all('*/ODGAWeb/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const call = callOf(url.pathname);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      sent.push({ call, body: text ? JSON.parse(text) : undefined });
      if (!held.includes(call)) return defaults(url, { method: request.method, body: text });
      // newest first: `reply` answers the call the page waits on; one it sent before and left (a quote
      // from before the visitor went back a step) is never what it waits for
      return new Promise<Response>((resolve) => waiting.set(call, [resolve, ...(waiting.get(call) ?? [])]));
    }),
  );
  server.listen({ onUnhandledRequest: 'error' });
  return {
    sent: () => [...sent],
    reply: (call, reply) => answerHeld(waiting, call, (resolve) => resolve(toResponse(reply))),
    close: () => server.close(),
  };
}
