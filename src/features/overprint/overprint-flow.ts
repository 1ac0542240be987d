import type { Actor } from 'xstate';
import type { overprintMachine } from '../../../machines/overprint.machine';
import { createFlow } from '../../lib/create-flow';
import { clearDrafts } from '../../lib/form-draft';
import { liveOverprintMachine } from './overprint-actors';

export type OverprintActor = Actor<typeof overprintMachine>;

/** The flow's name in sessionStorage (its snapshot and its form's draft). */
export const OVERPRINT_FLOW = 'overprint';

/** The tab's overprint: its snapshot keeps the token for the visit with it, never the captcha. */
export const overprintFlow = createFlow({
  name: OVERPRINT_FLOW,
  machine: liveOverprintMachine,
  input: () => undefined,
  screens: ['ODGAF050', 'ODGAF051', 'ODGAF052', 'ODGAF053'],
});

/** 查詢其他申請: what was opened and typed is dropped. */
export function restartOverprint(actor: OverprintActor): void {
  clearDrafts(OVERPRINT_FLOW);
  actor.send({ type: 'flow.restart' });
}
