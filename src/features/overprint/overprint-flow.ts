import type { Actor } from 'xstate';
import type { overprintMachine } from '../../../machines/overprint.machine';
import type { AppActors } from '../../app-actors';
import { clearDrafts } from '../../lib/form-draft';
import { storedFlow } from '../../lib/stored-flow';
import { liveOverprintMachine } from './overprint-actors';

export type OverprintActor = Actor<typeof overprintMachine>;

/** The flow's name in sessionStorage (its snapshot and its form's draft). */
export const OVERPRINT_FLOW = 'overprint';

let running: { app: AppActors; actor: OverprintActor; stop(): void } | null = null;

/**
 * The tab's overprint: one actor, started on the first overprint screen and kept while the visitor moves
 * around the site, its snapshot saved after each settled step (the token for the visit with it, never the
 * captcha), so a reload stays on the step. It belongs to the app's actors: a new app (a new page) starts
 * from the stored snapshot again.
 */
export function overprintFlow(app: AppActors): OverprintActor {
  if (running?.app === app) return running.actor;
  running?.stop();
  const { actor, stop } = storedFlow(OVERPRINT_FLOW, liveOverprintMachine, undefined, () => {
    if (running?.actor === actor) running = null;
  });
  actor.start();
  running = { app, actor, stop };
  return actor;
}

/** 查詢其他申請: what was opened and typed is dropped. */
export function restartOverprint(actor: OverprintActor): void {
  clearDrafts(OVERPRINT_FLOW);
  actor.send({ type: 'flow.restart' });
}
