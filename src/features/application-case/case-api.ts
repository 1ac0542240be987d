import type { ApplicationCase, CaseMove, RevealedRoster } from '../../domain/api/application-case';
import { staffGet, staffPost } from '../../lib/staff-api';

const path = (applicationNo: string) => `staff/applications/${encodeURIComponent(applicationNo)}`;

/** An application's case: read it, open its roster's ID numbers (recorded), move it. */
export const caseApi = {
  read: (applicationNo: string) => staffGet<ApplicationCase>(path(applicationNo)),
  revealRoster: (applicationNo: string) => staffPost<RevealedRoster>(`${path(applicationNo)}/roster`, {}),
  move: (applicationNo: string, move: CaseMove) =>
    staffPost<ApplicationCase>(`${path(applicationNo)}/move`, move),
};
