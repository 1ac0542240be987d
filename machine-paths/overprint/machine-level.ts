import type { AnyMachineSnapshot } from 'xstate';
import type { DownloadInput, OpenRosterInput, OverprintContext } from '../../machines/overprint.machine';
import type { OverprintLookup } from '../../src/domain/api/overprint';
import type { MachineLevel } from '../../tests/support/machine-driver';
import type { OverprintStep, OverprintView } from './oracle';

/** The overprint's screens as the machine alone can show them: the step its state's meta names, and its data. */
export const overprintLevel: MachineLevel<OverprintView> = {
  calls: {
    lookup: (input: OverprintLookup) => [{ call: 'overprint/lookup', body: input }],
    openLink: (input: { token: string; applicationNo: string }) => [
      { call: 'DTODGAZ0/getDecryptData', body: input },
    ],
    sendRosterCode: (input: { token: string }) => [{ call: 'overprint/rosterCode', body: input }],
    openRoster: (input: OpenRosterInput) => [{ call: 'overprint/rosterOpen', body: input }],
    download: (input: DownloadInput) => [{ call: 'overprint/document', body: input }],
  },
  view: (s: AnyMachineSnapshot) => {
    const context = s.context as OverprintContext;
    const meta = Object.values(s.getMeta()) as Array<{ step?: OverprintStep }>;
    const step = meta.find((m) => m.step)?.step ?? 1;
    return {
      step,
      busy: s.hasTag('busy'),
      failure: step !== 3 && context.failure !== '' ? context.failure : null,
      // the code's form: once a code was sent, until the visitor goes back to the choice
      codeSentTo: step === 2 && !s.matches({ choosing: 'editing' }) ? (context.code?.sentTo ?? null) : null,
      applicationNo: context.access?.application.applicationNo ?? null,
      documents: step >= 3 ? context.documents : null,
      copies: step === 4 ? context.copies.length : 0,
    };
  },
};
