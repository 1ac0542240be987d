import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { answerHeld, callOf, type HeldNetwork } from '../../support/api-calls';
import type { SentRequest, ServerReply } from '../../support/oracle';

/** A held call's answer that is a file (the overprint's PDF), not an envelope. */
class PageFile {
  constructor(
    readonly body: Buffer,
    readonly headers: Record<string, string>,
  ) {}
}

/** `reply(call, pageFileReply(body, headers))`: the held call is answered with this file. */
export const pageFileReply = (body: Buffer, headers: Record<string, string>): ServerReply => ({
  returnCode: 0,
  data: new PageFile(body, headers),
  msg: '',
});

/**
 * The page's network in Chromium: every API call is seen; the `held` ones wait until `reply` answers them
 * (an aborted request when the path says the network is down), the others reach the built server.
 */
export async function heldPageNetwork(page: Page, held: readonly string[]): Promise<HeldNetwork> {
  const sent: SentRequest[] = [];
  const waiting = new Map<string, Route[]>();
  await page.route('**/ODGAWeb/api/**', (route) => {
    const request = route.request();
    const call = callOf(new URL(request.url()).pathname);
    sent.push({ call, body: request.method() === 'GET' ? undefined : request.postDataJSON() });
    if (held.includes(call)) waiting.set(call, [...(waiting.get(call) ?? []), route]);
    else void route.continue();
  });
  return {
    sent: () => [...sent],
    reply: (call, reply) =>
      answerHeld(waiting, call, (route) =>
        reply === 'network-error'
          ? route.abort('failed')
          : reply.data instanceof PageFile
            ? route.fulfill({ status: 200, headers: reply.data.headers, body: reply.data.body })
            : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(reply) }),
      ),
    close: () => {},
  };
}

/** An API answer the page has read: the path it was asked at, and the page's clock (ms) when it had it. */
interface AnswerRead {
  path: string;
  at: number;
}

/** In the page: each answer the app has read to the end (its body), or each call that failed, in order. */
function recordAnswersRead() {
  const read: AnswerRead[] = [];
  Object.defineProperty(window, '__answersRead', { value: read });
  const fetch = window.fetch.bind(window);
  const done = (path: string) => () => {
    read.push({ path, at: Date.now() });
  };
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
    return fetch(input, init).then(
      (response) => {
        for (const body of ['arrayBuffer', 'blob', 'json', 'text'] as const) {
          const reading = response[body].bind(response);
          Object.defineProperty(response, body, { value: () => reading().finally(done(path)) });
        }
        return response;
      },
      (error: unknown) => {
        done(path)();
        throw error;
      },
    );
  };
}

/** The answers of a call the page has read, in order, as the page's clock (ms) when it had each. */
export interface PageAnswers {
  read(call: string): Promise<number[]>;
  /** waits (10 s at most) until the page has read `n` answers of `call`; the page's clock when it had the nth */
  nth(call: string, n: number): Promise<number>;
}

/**
 * The answers the page has read. An answer given with `reply` (or by the real server) reaches the page in
 * tasks of the page's own: Playwright has handed it on before the page has it. The app acts on an answer in
 * the promise callbacks that follow its read, all run before the task of a later evaluate, so once an answer
 * counts here the app has acted on it. Install before the page opens.
 */
export async function pageAnswers(page: Page): Promise<PageAnswers> {
  await page.addInitScript(recordAnswersRead);
  const read = async (call: string) => {
    const all: AnswerRead[] = await page.evaluate(
      () => (window as { __answersRead?: AnswerRead[] }).__answersRead ?? [],
    );
    return all.filter((answer) => callOf(answer.path) === call).map((answer) => answer.at);
  };
  return {
    read,
    async nth(call, n) {
      await expect.poll(async () => (await read(call)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
      return (await read(call))[n - 1]!;
    },
  };
}

/** The page agrees with the oracle once it has settled: polled until then (at most 10 s). */
export const pageAgreement =
  (expectView: (view: never) => unknown) => async (actual: () => Promise<unknown>, expected: unknown) => {
    const e = expected as { view: never };
    await expect.poll(actual, { timeout: 10_000 }).toEqual({ ...e, view: expectView(e.view) });
  };
