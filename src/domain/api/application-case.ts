import { type InferType, object, string } from 'yup';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../application-status';
import { messages } from '../messages';
import { text } from '../validation/fields';
import { labelOf } from '../validation/params';
import {
  APPLICATION_NO,
  type ApplicationProgress,
  documentsField,
  type RosterEntry,
  type ShownRecord,
} from './overprint';
import { type AuditEntry, versionField } from './staff';

/*
 * An application's case (docs/specification.md §6): GET staff/applications/:applicationNo (underwriter,
 * service) reads it with the roster's ID numbers masked; POST …/roster (underwriter) answers them whole and
 * is recorded; POST …/move (underwriter) moves it as the application machine allows; POST …/documents
 * (underwriter, service) prints the overprint's documents, the 名冊 to an underwriter only and recorded.
 */

/** The longest note of a move: the company reads it on the progress page. */
export const NOTE_MAX_LENGTH = 200;

/** Path of the case's calls. */
export const caseParamsSchema = object({
  applicationNo: string()
    .label('受理編號')
    .required()
    .matches(APPLICATION_NO, { message: (p) => messages.format(labelOf(p)) }),
});

/** Body of POST staff/applications/:applicationNo/move: where to, why, and the version the screen showed. */
export const caseMoveSchema = object({
  to: string<ApplicationStatus>()
    .label('案件狀態')
    .required((p) => messages.requiredSelect(labelOf(p)))
    .oneOf(APPLICATION_STATUSES, (p) => messages.format(labelOf(p))),
  note: text('說明').max(NOTE_MAX_LENGTH, (p) => messages.maxLength(labelOf(p), NOTE_MAX_LENGTH)),
  version: versionField(1),
});
export type CaseMove = InferType<typeof caseMoveSchema>;

/** Body of POST staff/applications/:applicationNo/documents: the documents to print as one PDF. */
export const caseDocumentsSchema = object({ documents: documentsField() });
export type CaseDocuments = InferType<typeof caseDocumentsSchema>;

/** A move the screen offers now: the status it leads to and whether the company must be told why. */
export interface CaseMoveOffer {
  to: ApplicationStatus;
  noteRequired: boolean;
}

export interface ApplicationCase {
  /** as the documents print it, the roster's ID numbers masked, and its birth dates unless `mayRevealRoster` */
  record: ShownRecord;
  /** what a move must name: a move on an older one is refused */
  version: number;
  /** the statuses and notes the company sees on the progress page, oldest first */
  progress: ApplicationProgress['events'];
  /** what staff did with the application, newest first */
  handling: AuditEntry[];
  /** the moves this person may make now (none without the underwriter role, none from a final status) */
  moves: CaseMoveOffer[];
  /** whether this person may open the roster's full ID numbers, and print the 名冊 that carries them */
  mayRevealRoster: boolean;
}

/** The roster with its full ID numbers, answered to an underwriter and recorded. */
export interface RevealedRoster {
  roster: RosterEntry[];
}

/** The answer to a move refused because another person moved the application first. */
export interface MoveOvertaken {
  status: ApplicationStatus;
  version: number;
}
