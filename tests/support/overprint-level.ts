import type { AnyMachineSnapshot } from 'xstate';
import type { DownloadInput, OverprintContext } from '../../machines/overprint.machine';
import type { OverprintLookup } from '../../src/domain/api/overprint';
import type { MachineLevel } from './machine-driver';
import type { OverprintStep, OverprintView } from './oracles/overprint.oracle';

/** The overprint's screens as the machine alone can show them: the step its state's meta names, and its data. */
export const overprintLevel: MachineLevel<OverprintView> = {
  calls: {
    lookup: (input: OverprintLookup) => [{ call: 'overprint/lookup', body: input }],
    openLink: (input: { token: string; applicationNo: string }) => [
      { call: 'DTODGAZ0/getDecryptData', body: input },
    ],
    download: (input: DownloadInput) => [{ call: 'overprint/document', body: input }],
  },
  view: (s: AnyMachineSnapshot) => {
    const context = s.context as OverprintContext;
    const meta = Object.values(s.getMeta()) as Array<{ step?: OverprintStep }>;
    const step = meta.find((m) => m.step)?.step ?? 1;
    return {
      step,
      busy: s.hasTag('busy'),
      failure: (step === 1 || step === 4) && context.failure !== '' ? context.failure : null,
      applicationNo: context.access?.application.applicationNo ?? null,
      documents: step >= 3 ? context.documents : null,
      copies: step === 4 ? context.copies.length : 0,
    };
  },
};
