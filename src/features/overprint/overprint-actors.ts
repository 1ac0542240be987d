import { fromPromise } from 'xstate';
import { overprintMachine, type PrintedCopy } from '../../../machines/overprint.machine';
import { type OverprintAccess, PRINTED_AT_HEADER, type RosterCodeSent } from '../../domain/api/overprint';
import { apiPost, apiPostFile } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/** The overprint machine bound to its calls (a refusal rejects with its message). */
export const liveOverprintMachine = overprintMachine.provide({
  actors: {
    lookup: fromPromise(({ input }) => apiPost<OverprintAccess>('overprint/lookup', input)),
    openLink: fromPromise(({ input }) => apiPost<OverprintAccess>('DTODGAZ0/getDecryptData', input)),
    sendRosterCode: fromPromise(({ input }) => apiPost<RosterCodeSent>('overprint/rosterCode', input)),
    openRoster: fromPromise(({ input }) => apiPost<OverprintAccess>('overprint/rosterOpen', input)),
    download: fromPromise(async ({ input }): Promise<PrintedCopy> => {
      const { blob, headers } = await apiPostFile('overprint/document', input);
      const printedAt = headers.get(PRINTED_AT_HEADER) ?? new Date().toISOString();
      saveFile(blob, `團體保險套印文件-${printedAt.slice(0, 10)}.pdf`);
      return { printedAt, bytes: blob.size };
    }),
  },
});
