import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { answerHeld, callOf, type HeldNetwork } from '../../support/api-calls';
import type { SentRequest, ServerReply } from '../../support/oracles/oracle';

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

/** The page agrees with the oracle once it has settled: polled until then (at most 10 s). */
export const pageAgreement =
  (expectView: (view: never) => unknown) => async (actual: () => Promise<unknown>, expected: unknown) => {
    const e = expected as { view: never };
    await expect.poll(actual, { timeout: 10_000 }).toEqual({ ...e, view: expectView(e.view) });
  };
