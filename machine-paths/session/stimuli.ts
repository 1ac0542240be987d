import { ok, refused } from '../../tests/support/oracle';
import type { WaitUntilDue } from '../../tests/support/path-runner';
import type { FlowStep } from '../paths';
import type { ServerSession, SessionCall, SessionStimulus } from './oracle';

export const SESSION_CALLS: readonly SessionCall[] = ['addSession', 'cleanSession'];

/** The page the session paths start on, and the links a visitor follows from it in turn (menu, link). */
export const SESSION_START = '/question';
const LINKS = [
  { menu: '線上服務', link: '保費試算', to: '/tryout/STEP1' },
  { menu: '認識團保', link: '常見問題', to: '/question' },
];

const SERVER_START = Date.parse('2026-11-21T08:00:00.000Z');

/** addSession's answer for a session the server started `elapsedSeconds` ago. */
export function serverSession(t: { remindSeconds: number; endSeconds: number; elapsedSeconds: number }) {
  return {
    startedAt: new Date(SERVER_START).toISOString(),
    now: new Date(SERVER_START + t.elapsedSeconds * 1000).toISOString(),
    remindSeconds: t.remindSeconds,
    endSeconds: t.endSeconds,
  } satisfies ServerSession;
}

/** A generated session step as a link followed, a dialog's button, a server's answer or time passing. */
export function sessionStimuli(
  step: FlowStep,
  index: number,
  steps: readonly FlowStep[],
): Array<SessionStimulus | WaitUntilDue> {
  const event = step.event as FlowStep['event'] & { output?: Parameters<typeof serverSession>[0] };
  if (event.type.startsWith('xstate.after.')) return [{ kind: 'waitUntilDue' }];
  switch (event.type) {
    case 'xstate.done.actor.startSession':
      return [{ kind: 'reply', call: 'addSession', reply: ok(serverSession(event.output!)) }];
    case 'xstate.error.actor.startSession':
      return [{ kind: 'reply', call: 'addSession', reply: refused(null, '系統忙碌中，請稍後再試') }];
    case 'session.activity': {
      const followed = steps.slice(0, index).filter((s) => s.event.type === 'session.activity').length;
      return [{ kind: 'navigate', ...LINKS[followed % LINKS.length]! }];
    }
    case 'session.continue':
      return [{ kind: 'continue' }];
    case 'session.restart':
      return [{ kind: 'confirmEnd' }];
    case 'xstate.done.actor.endSession':
      return [{ kind: 'reply', call: 'cleanSession', reply: ok(null) }];
    case 'xstate.error.actor.endSession':
      return [{ kind: 'reply', call: 'cleanSession', reply: refused(null, '系統忙碌中，請稍後再試') }];
    case 'xstate.init':
      return [];
    default:
      throw new Error(`no visitor action or answer stands for ${event.type}`);
  }
}
