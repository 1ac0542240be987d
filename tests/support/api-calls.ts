import type { SentRequest, ServerReply } from './oracle';

const API = '/ODGAWeb/api/';
const CART_SERVICE = 'DTODGAZ0/';

/** A call's name: its path under the API, the cart service's verbs (docs/specification.md §7) by their own name. */
export const callOf = (pathname: string) => {
  const call = pathname.slice(pathname.indexOf(API) + API.length);
  return call.startsWith(CART_SERVICE) ? call.slice(CART_SERVICE.length) : call;
};

/** The page's network as a path test controls it: held calls wait for the path's answer. */
export interface HeldNetwork {
  /** every call the page made, in order */
  sent(): SentRequest[];
  /** answers an unanswered call of `call` (jsdom: the newest; Chromium: the oldest), waiting (5 s at most) for the page to make it */
  reply(call: string, reply: ServerReply): Promise<void>;
  close(): void;
}

/** Waits for the page to make a held call and hands it to `answer`. */
export async function answerHeld<T>(queue: Map<string, T[]>, call: string, answer: (held: T) => unknown) {
  const deadline = Date.now() + 5000;
  while (!(queue.get(call)?.length ?? 0)) {
    if (Date.now() > deadline) throw new Error(`the page made no ${call} call to answer`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await answer(queue.get(call)!.shift()!);
}
