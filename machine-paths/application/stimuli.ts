import type { EventObject } from 'xstate';
import type { FlowStep } from '../paths';
import type { ApplicationStimulus } from './oracle';

/** The application machine stands for no call: the server writes the move it takes. */
export const APPLICATION_CALLS = [] as const;

/** A generated application step as what staff do: a move, with the note they wrote or none. */
export function applicationStimuli(step: FlowStep): ApplicationStimulus[] {
  const event = step.event as FlowStep['event'] & { note?: string | null };
  if (event.type === 'xstate.init') return [];
  if (event.type.startsWith('xstate.')) throw new Error(`no staff action stands for ${event.type}`);
  return [{ kind: 'move', move: event.type, note: event.note ?? null }];
}

// The rules' scenarios are written with these.
export type ApplicationEvent = EventObject & Record<string, unknown>;

export const move = (type: string, note?: string): ApplicationEvent =>
  note === undefined ? { type } : { type, note };
