import type { EventObject } from 'xstate';
import { ok, refused } from '../../tests/support/oracle';
import type { FlowStep } from '../paths';
import type { OverprintStimulus } from './oracle';
import {
  SAMPLE_ACCESS,
  SAMPLE_CODE,
  SAMPLE_CODE_SENT,
  SAMPLE_COPY,
  SAMPLE_LINK,
  SAMPLE_LOOKUP,
  SAMPLE_ROSTER_ACCESS,
} from './samples';

/** The calls of the overprint flow, compared with the oracle's on every level that has a network. */
export const OVERPRINT_CALLS = [
  'overprint/lookup',
  'DTODGAZ0/getDecryptData',
  'overprint/rosterCode',
  'overprint/rosterOpen',
  'overprint/document',
] as const;

type Payload = {
  lookup?: unknown;
  token?: string;
  applicationNo?: string;
  documents?: string[];
  code?: string;
  step?: 1 | 2 | 3 | 4;
  output?: unknown;
  error?: { message?: string };
};

const CALL_OF = {
  lookup: 'overprint/lookup',
  openLink: 'DTODGAZ0/getDecryptData',
  sendRosterCode: 'overprint/rosterCode',
  openRoster: 'overprint/rosterOpen',
  download: 'overprint/document',
} as const;

/**
 * A generated overprint step as what the visitor does and what the server answers: a submit or confirm is
 * the step's form and its button, `link.open` is arriving by the print link, `flow.goto` the address bar
 * showing that step, `flow.restart` 查詢其他申請.
 */
export function overprintStimuli(step: FlowStep): OverprintStimulus[] {
  const event = step.event as FlowStep['event'] & Payload;
  const answer = /^xstate\.(done|error)\.actor\.(lookup|openLink|sendRosterCode|openRoster|download)$/.exec(
    event.type,
  );
  if (answer) {
    const call = CALL_OF[answer[2] as keyof typeof CALL_OF];
    const reply = answer[1] === 'done' ? ok(event.output) : refused(null, event.error?.message ?? '');
    return [{ kind: 'reply', call, reply }];
  }
  switch (event.type) {
    case 'lookup.submit':
      return [{ kind: 'identify', lookup: event.lookup }];
    case 'link.open':
      return [{ kind: 'followLink', token: event.token!, applicationNo: event.applicationNo! }];
    case 'documents.confirm':
      return [{ kind: 'choose', documents: [...event.documents!] }];
    case 'code.submit':
      return [{ kind: 'enterCode', code: event.code! }];
    case 'code.resend':
      return [{ kind: 'resendCode' }];
    case 'documents.edit':
      return [{ kind: 'changeChoice' }];
    case 'review.confirm':
      return [{ kind: 'confirm' }];
    case 'document.download':
      return [{ kind: 'download' }];
    case 'flow.goto':
      return [{ kind: 'open', step: event.step! }];
    case 'flow.restart':
      return [{ kind: 'startOver' }];
    case 'xstate.init':
      return [];
    default:
      throw new Error(`no visitor action or answer stands for ${event.type}`);
  }
}

// The scenarios are written with these, on every level.
export type OverprintEvent = EventObject & Record<string, unknown>;

export const identify = (lookup: object = SAMPLE_LOOKUP): OverprintEvent => ({
  type: 'lookup.submit',
  lookup,
});
export const followLink = (link: object = SAMPLE_LINK): OverprintEvent => ({ type: 'link.open', ...link });
export const opened = (
  kind: 'lookup' | 'openLink' = 'lookup',
  output: unknown = SAMPLE_ACCESS,
): OverprintEvent => ({
  type: `xstate.done.actor.${kind}`,
  output,
});
export const refusedBy = (
  kind: 'lookup' | 'openLink' | 'sendRosterCode' | 'openRoster' | 'download',
  message: string,
): OverprintEvent => ({
  type: `xstate.error.actor.${kind}`,
  error: { message },
});
export const choose = (...documents: string[]): OverprintEvent => ({ type: 'documents.confirm', documents });
export const confirmReview: OverprintEvent = { type: 'review.confirm' };
export const download: OverprintEvent = { type: 'document.download' };
export const downloaded = (output: unknown = SAMPLE_COPY): OverprintEvent => ({
  type: 'xstate.done.actor.download',
  output,
});
export const openStep = (step: 1 | 2 | 3 | 4): OverprintEvent => ({ type: 'flow.goto', step });
export const startOver: OverprintEvent = { type: 'flow.restart' };
export const codeSent = (output: unknown = SAMPLE_CODE_SENT): OverprintEvent => ({
  type: 'xstate.done.actor.sendRosterCode',
  output,
});
export const enterCode = (code: string = SAMPLE_CODE): OverprintEvent => ({ type: 'code.submit', code });
export const resendCode: OverprintEvent = { type: 'code.resend' };
export const changeChoice: OverprintEvent = { type: 'documents.edit' };
export const rosterOpened = (output: unknown = SAMPLE_ROSTER_ACCESS): OverprintEvent => ({
  type: 'xstate.done.actor.openRoster',
  output,
});
