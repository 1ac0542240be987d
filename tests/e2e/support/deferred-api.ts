import type { Page, Route } from 'playwright-core';

/** How one invoked actor reaches the server: its API path, and its output as that call's answer data. */
export interface DeferredCall {
  path: string;
  answer?: (output: unknown) => unknown;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

/**
 * Holds the browser's calls for the given actors until a path's done/error step answers them, the way the
 * jsdom runs hold their promise actors: the server's answer is exactly the path's payload.
 */
export async function deferApi(page: Page, calls: Record<string, DeferredCall>) {
  const held = new Map<string, Route[]>();
  const waiters = new Map<string, () => void>();
  for (const [id, call] of Object.entries(calls)) {
    await page.route(`**/ODGAWeb/api/${call.path}`, (route) => {
      held.set(id, [...(held.get(id) ?? []), route]);
      waiters.get(id)?.();
    });
  }
  async function nextHeld(id: string): Promise<Route> {
    const deadline = Date.now() + 10_000;
    while (!(held.get(id)?.length ?? 0)) {
      if (Date.now() > deadline) throw new Error(`the page made no ${calls[id]?.path} call`);
      await new Promise<void>((resolve) => {
        waiters.set(id, resolve);
        setTimeout(resolve, 100);
      });
    }
    return held.get(id)!.shift()!;
  }
  return {
    /** answers the held call when `event` is an actor's done or error; false for any other event */
    async settle(event: { type: string; output?: unknown; error?: unknown }): Promise<boolean> {
      const done = event.type.startsWith(DONE);
      if (!done && !event.type.startsWith(ERROR)) return false;
      const id = event.type.slice((done ? DONE : ERROR).length);
      const call = calls[id];
      if (!call) throw new Error(`no deferred call for ${id}`);
      const route = await nextHeld(id);
      const refusal = (event.error ?? {}) as { data?: unknown; message?: string };
      const body = done
        ? { returnCode: 0, data: call.answer ? call.answer(event.output) : (event.output ?? null), msg: '' }
        : { returnCode: 1, data: refusal.data ?? null, msg: refusal.message ?? '' };
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
      return true;
    },
  };
}
