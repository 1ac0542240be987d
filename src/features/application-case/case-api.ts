import type { ApplicationCase, CaseMove, RevealedRoster } from '../../domain/api/application-case';
import type { OverprintDocument } from '../../domain/api/overprint';
import { staffGet, staffPost, staffPostFile } from '../../lib/staff-api';

const path = (applicationNo: string) => `staff/applications/${encodeURIComponent(applicationNo)}`;

/** An application's case: read it, open its roster's ID numbers (recorded), move it, print its documents. */
export const caseApi = {
  read: (applicationNo: string) => staffGet<ApplicationCase>(path(applicationNo)),
  revealRoster: (applicationNo: string) => staffPost<RevealedRoster>(`${path(applicationNo)}/roster`, {}),
  move: (applicationNo: string, move: CaseMove) =>
    staffPost<ApplicationCase>(`${path(applicationNo)}/move`, move),
  /** one PDF of the documents, the overprint's; the 名冊's print is recorded */
  documents: (applicationNo: string, documents: OverprintDocument[]) =>
    staffPostFile(`${path(applicationNo)}/documents`, { documents }),
};
