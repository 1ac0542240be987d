import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import {
  SAMPLE_CONTACT_CAPTCHA,
  SAMPLE_CONTACT_MESSAGE,
  SAMPLE_CONTACT_REQUEST_ID,
} from '../../../machine-paths/contact/samples';
import { contactMachine } from '../../../machines/contact.machine';
import { recordTransitions, type TracePost } from '../../../src/lib/transition-trace';

/*
 * The flows' trace (issue: machine, from state, event, to state; never personal data or field values,
 * batched): what a contact message's transitions send, and what they never send.
 */

function contactActor() {
  const submitContact = fromPromise(() => new Promise<never>(() => undefined));
  return createActor(contactMachine.provide({ actors: { submitContact } as never }), {
    input: { requestId: SAMPLE_CONTACT_REQUEST_ID },
  });
}

let post: ReturnType<typeof vi.fn<TracePost>>;
beforeEach(() => {
  vi.useFakeTimers();
  post = vi.fn<TracePost>(async () => null);
});
afterEach(async () => {
  // a batch a test left waiting goes out now, so the next test starts with none
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const sentSteps = () => post.mock.calls.flatMap(([, body]) => (body as { steps: unknown[] }).steps);

describe('the transition trace', () => {
  it('sends each transition taken as machine, from, event and to, a few seconds later, with the request outliving the page', async () => {
    const actor = contactActor();
    const recording = recordTransitions(actor, 'contact', post);
    actor.start();
    actor.send({ type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
    expect(post).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toBe('trace/transitions');
    expect(post.mock.calls[0]![2]).toEqual({ keepalive: true });
    expect(sentSteps()).toEqual([
      { machine: 'contact', from: 'editing', event: 'contact.submit', to: 'submitting', ago: 5000 },
    ]);
    recording.unsubscribe();
  });

  it('sends nothing the visitor typed', async () => {
    const actor = contactActor();
    recordTransitions(actor, 'contact', post);
    actor.start();
    actor.send({ type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
    await vi.advanceTimersByTimeAsync(5000);
    const body = JSON.stringify(post.mock.calls);
    for (const value of [
      SAMPLE_CONTACT_MESSAGE.name,
      SAMPLE_CONTACT_MESSAGE.email,
      SAMPLE_CONTACT_MESSAGE.companyName,
    ])
      expect(body).not.toContain(value);
    expect(body).not.toContain(SAMPLE_CONTACT_CAPTCHA);
  });

  it('sends no step for an event the state refuses (no captcha), nor for the start', async () => {
    const actor = contactActor();
    recordTransitions(actor, 'contact', post);
    actor.start();
    actor.send({ type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: '' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(post).not.toHaveBeenCalled();
  });

  it('sends at once when the page is hidden, not waiting for the timer', async () => {
    const actor = contactActor();
    recordTransitions(actor, 'contact', post);
    actor.start();
    actor.send({ type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sentSteps()).toHaveLength(1);
  });

  it('stops recording when unsubscribed', async () => {
    const actor = contactActor();
    recordTransitions(actor, 'contact', post).unsubscribe();
    actor.start();
    actor.send({ type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(post).not.toHaveBeenCalled();
  });
});

describe('the trace’s batches', () => {
  it('sends a full batch of 50 steps at once, and waits while there are fewer', async () => {
    const actor = contactActor();
    recordTransitions(actor, 'contact', post);
    actor.start();
    const restart = { type: 'contact.restart', requestId: SAMPLE_CONTACT_REQUEST_ID } as const;
    const submit = {
      type: 'contact.submit',
      message: SAMPLE_CONTACT_MESSAGE,
      captcha: SAMPLE_CONTACT_CAPTCHA,
    } as const;
    // editing → submitting needs an answer to go on: the failure lets the visitor submit again
    for (let i = 0; i < 24; i++) {
      actor.send(submit);
      actor.send({ type: 'xstate.error.actor.submitContact', error: new Error('busy') } as never);
    }
    actor.send(submit);
    expect(post).not.toHaveBeenCalled();
    actor.send({ type: 'xstate.error.actor.submitContact', error: new Error('busy') } as never);
    expect(post).toHaveBeenCalledTimes(1);
    expect(sentSteps()).toHaveLength(50);
    actor.send(restart);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('does not send while the page stays visible', () => {
    const actor = contactActor();
    recordTransitions(actor, 'contact', post);
    actor.start();
    actor.send({ type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(post).not.toHaveBeenCalled();
  });

  it('records an actor already running from the state it is in, and what it did before through its early events', async () => {
    const early: InspectionEvent[] = [];
    const actor = createActor(
      contactMachine.provide({
        actors: { submitContact: fromPromise(() => new Promise<never>(() => undefined)) } as never,
      }),
      { input: { requestId: SAMPLE_CONTACT_REQUEST_ID }, inspect: (event) => void early.push(event) },
    ).start();
    actor.send({ type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
    recordTransitions(actor, 'contact', post, early);
    actor.send({ type: 'xstate.error.actor.submitContact', error: new Error('busy') } as never);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sentSteps()).toEqual([
      expect.objectContaining({ from: 'editing', event: 'contact.submit', to: 'submitting' }),
      expect.objectContaining({
        from: 'submitting',
        event: 'xstate.error.actor.submitContact',
        to: 'failed',
      }),
    ]);
  });
});
