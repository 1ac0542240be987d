import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { catalogueServer } from '../screens/catalogue-server';
import type { SentRequest, ServerReply } from './oracles/oracle';

const API = '/ODGAWeb/api/';
const CART_SERVICE = 'DTODGAZ0/';

/** A call's name: its path under the API, the cart service's verbs (SPEC §7) by their own name. */
export const callOf = (pathname: string) => {
  const call = pathname.slice(pathname.indexOf(API) + API.length);
  return call.startsWith(CART_SERVICE) ? call.slice(CART_SERVICE.length) : call;
};

/** The page's network in jsdom, through Mock Service Worker: held calls wait for the path's answer. */
export interface HeldNetwork {
  /** every call the page made, in order */
  sent(): SentRequest[];
  /** answers the oldest unanswered call of `call` (waiting for the page to make it) */
  reply(call: string, reply: ServerReply): Promise<void>;
  close(): void;
}

const toResponse = (reply: ServerReply) =>
  reply === 'network-error' ? HttpResponse.error() : HttpResponse.json(reply);

/**
 * Intercepts every API call of the page: the `held` calls wait until `reply` answers them; the others get
 * the seeded catalogue's answers and the defaults every page needs.
 */
export function heldNetwork(held: readonly string[]): HeldNetwork {
  const sent: SentRequest[] = [];
  const waiting = new Map<string, Array<(response: Response) => void>>();
  const defaults = catalogueServer();
  const server = setupServer(
    http.all(`*${API}*`, async ({ request }) => {
      const url = new URL(request.url);
      const call = callOf(url.pathname);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      sent.push({ call, body: text ? JSON.parse(text) : undefined });
      if (!held.includes(call)) return defaults(url, { method: request.method, body: text });
      return new Promise<Response>((resolve) => waiting.set(call, [...(waiting.get(call) ?? []), resolve]));
    }),
  );
  server.listen({ onUnhandledRequest: 'error' });
  return {
    sent: () => [...sent],
    async reply(call, reply) {
      const deadline = Date.now() + 5000;
      while (!(waiting.get(call)?.length ?? 0)) {
        if (Date.now() > deadline) throw new Error(`the page made no ${call} call to answer`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      waiting.get(call)!.shift()!(toResponse(reply));
    },
    close: () => server.close(),
  };
}
