import type { AnyMachineSnapshot } from 'xstate';
import { type ApplicationSnapshot, movesFrom, statusOf } from '../../machines/application.machine';
import type { MachineLevel } from '../../tests/support/machine-driver';
import type { ApplicationView } from './oracle';

/** An application as the machine alone shows it: the status its state carries and the moves it offers. */
export const applicationLevel: MachineLevel<ApplicationView> = {
  calls: {},
  view: (s: AnyMachineSnapshot) => {
    const status = statusOf(s as ApplicationSnapshot);
    const moves = movesFrom(status);
    return {
      status,
      moves: moves.map((m) => m.event).sort(),
      needNote: moves
        .filter((m) => m.noteRequired)
        .map((m) => m.event)
        .sort(),
      final: s.status === 'done',
    };
  },
};
