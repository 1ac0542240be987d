import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { consentMachine } from '../../machines/consent.machine';

// docs/specification.md §1, §4: the banner stays until the visitor accepts. A browser that refuses the cookie leaves the
// banner up saying how to allow it, and 接受 tries to keep the acceptance again.
describe('consent machine', () => {
  it('tries to keep the acceptance again when 接受 is pressed after the browser refused it', async () => {
    const answers = [false, true];
    let stores = 0;
    const actor = createActor(
      consentMachine.provide({
        actors: {
          readConsent: fromPromise(async () => false),
          storeConsent: fromPromise(async () => {
            stores++;
            if (!answers.shift()) throw new Error('cookie not kept');
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('asking'));
    actor.send({ type: 'consent.accept' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'consent.accept' });
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(stores).toBe(2);
  });
});
