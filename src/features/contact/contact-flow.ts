import { useRouteContext } from '@tanstack/react-router';
import { useState } from 'react';
import type { Actor } from 'xstate';
import type { contactMachine } from '../../../machines/contact.machine';
import type { AppActors } from '../../app-actors';
import { clearDrafts } from '../../lib/form-draft';
import { newRequestId } from '../../lib/request-id';
import { storedFlow } from '../../lib/stored-flow';
import { liveContactMachine } from './contact-actors';

export type ContactActor = Actor<typeof contactMachine>;

/** The flow's name in sessionStorage (its snapshot and its form's draft). */
export const CONTACT_FLOW = 'contact';

let running: { app: AppActors; actor: ContactActor; stop(): void } | null = null;

/**
 * The tab's contact form: one actor, its snapshot kept after each settled step, so a reload after 送出
 * still shows the 案件編號, and a reload before it keeps the draft. A new app (a new page) starts from the
 * stored snapshot again.
 */
function contactFlow(app: AppActors): ContactActor {
  if (running?.app === app) return running.actor;
  running?.stop();
  const { actor, stop } = storedFlow(CONTACT_FLOW, liveContactMachine, { requestId: newRequestId() }, () => {
    if (running?.actor === actor) running = null;
  });
  actor.start();
  running = { app, actor, stop };
  return actor;
}

/** The contact screen's flow (the tab's). */
export function useContactFlow(): ContactActor {
  // taken once: a screen on its way out (after /back2Home forgot the flow) must not start a new one
  const { actors } = useRouteContext({ from: '__root__' });
  const [flow] = useState(() => contactFlow(actors));
  return flow;
}

/** 再留一則訊息: the last message's draft is dropped and a new message gets a new key. */
export function writeAnotherMessage(actor: ContactActor): void {
  clearDrafts(CONTACT_FLOW);
  actor.send({ type: 'contact.restart', requestId: newRequestId() });
}
