import { array, type InferType, object } from 'yup';
import type { ApplicationStatus } from '../application-status';
import { messages } from '../messages';
import { captchaPayload, choice, text } from '../validation/fields';
import { taxId } from '../validation/id-rules';
import { labelOf } from '../validation/params';
import { maxLength } from '../validation/text-rules';
import { emailCodeField } from './email-code';

/*
 * The overprint (套印, ODGAF050-053, docs/domain.md §1.3) and the progress check (ODGAF060): a company identifies
 * its application, then prints the documents pre-filled with what it applied with, or follows its status.
 */

/** 受理編號: GI + ROC date yyyMMdd + 5-digit serial (server/db/repositories/applications.ts). */
export const APPLICATION_NO = /^GI\d{12}$/;

export const applicationNo = () =>
  text('受理編號', 'upper')
    .required()
    .matches(APPLICATION_NO, { message: (p) => `請輸入正確的${labelOf(p)}` });

/** Body of POST overprint/lookup (STEP1). 聯絡電話 is the mobile given at application, or the landline when none was. */
export const lookupSchema = object({
  applicationNo: applicationNo(),
  taxId: text('統一編號', 'halfWidth').required().test(taxId()),
  contactPhone: text('聯絡手機', 'halfWidth')
    .required()
    .test(maxLength(20))
    .test({
      name: 'phoneDigits',
      message: () => messages.cellPhone(),
      test: (value) => value === undefined || /^[\d()\-\s]+$/.test(value),
    }),
  captcha: captchaPayload(),
});
export type OverprintLookup = InferType<typeof lookupSchema>;

/** Body of POST DTODGAZ0/getDecryptData: a token the server issued, and the application it names. */
export const openTokenSchema = object({
  token: text('連結代碼').required().test(maxLength(512)),
  applicationNo: applicationNo(),
});
export type OpenToken = InferType<typeof openTokenSchema>;

export const OVERPRINT_DOCUMENTS = ['form', 'roster', 'summary'] as const;
export type OverprintDocument = (typeof OVERPRINT_DOCUMENTS)[number];

/** The documents to print as one PDF: at least one, no more than there are. */
export const documentsField = () =>
  array()
    .label('文件')
    .of(choice('文件').required().oneOf(OVERPRINT_DOCUMENTS))
    .required()
    .min(1, (p) => messages.requiredSelect(labelOf(p)))
    .max(OVERPRINT_DOCUMENTS.length, (p) => messages.maxCount(labelOf(p), OVERPRINT_DOCUMENTS.length));

/** Body of POST overprint/document (STEP4): the chosen documents as one PDF. */
export const documentSchema = object({
  token: text('連結代碼').required().test(maxLength(512)),
  documents: documentsField(),
});
export type DocumentRequest = InferType<typeof documentSchema>;

/** The answer header of a printed PDF that says when the copy was printed (ISO instant). */
export const PRINTED_AT_HEADER = 'x-printed-at';

/** Body of POST progress/query. */
export const progressSchema = object({
  applicationNo: applicationNo(),
  taxId: text('統一編號', 'halfWidth').required().test(taxId()),
  captcha: captchaPayload(),
});
export type ProgressQuery = InferType<typeof progressSchema>;

/** One product line of an applied item, as priced when the application was stored. */
export interface AppliedLine {
  prodId: string;
  prodName: string;
  /** NT$ (or 日額) per person the premium was computed on */
  sumInsured: number;
  /** the multiple of the monthly salary, on salary-multiple lines */
  salaryMultiple: number | null;
  /** premium per rateUnit of sumInsured */
  rate: number;
  rateUnit: number;
}

export interface AppliedItem {
  title: string;
  source: 'PKG' | 'CELL' | 'REC';
  /** NT$ a year for the group, and the monthly mode per person */
  annual: number;
  monthlyPerPerson: number;
  lines: AppliedLine[];
}

export interface RosterEntry {
  rowNo: number;
  name: string;
  /** full on the printed 名冊; masked (A12****789) wherever it is shown on screen */
  personId: string;
  /** ISO yyyy-MM-dd */
  birthDate: string;
  gender: 'M' | 'F';
  occupationClass: number;
  monthlySalary: number | null;
}

/**
 * A roster row as a screen shows it: the ID number masked; the birth date null where the reader may not see
 * it (a masked ID number, a birth date and a name leave about a thousand people: docs/decisions.md).
 */
export type ShownRosterEntry = Omit<RosterEntry, 'birthDate'> & { birthDate: string | null };

/** An application as its documents print it. */
export interface ApplicationRecord {
  applicationNo: string;
  /** ISO instant it was stored */
  submittedAt: string;
  status: ApplicationStatus;
  company: {
    name: string;
    taxId: string;
    representative: string;
    industry: string;
    city: string;
    district: string;
    street: string;
  };
  contact: {
    name: string;
    title: string;
    mobile: string | null;
    phone: string | null;
    phoneExt: string | null;
    email: string;
  };
  plan: {
    headcount: number;
    occupationClass: number;
    averageAge: number;
    /** NT$, when an item is a salary multiple */
    averageSalary: number | null;
    /** 萬, as typed */
    totalSalary: number | null;
    maxSalary: number | null;
    /** ISO 投保始期 */
    startDate: string;
    ageMin: number;
    ageMax: number;
  };
  premium: { annual: number; monthlyPerPerson: number };
  items: AppliedItem[];
  roster: RosterEntry[];
}

/** An application as a screen shows it: its roster's rows as {@link ShownRosterEntry}. */
export type ShownRecord = Omit<ApplicationRecord, 'roster'> & { roster: ShownRosterEntry[] };

/** What STEP1 (or the link's token) opens: the access token for STEP4 and the data STEP3 shows. */
export interface OverprintAccess {
  /** sealed by the server; sent back with overprint/document */
  token: string;
  /** ISO instant the token stops working */
  expiresAt: string;
  /**
   * whether the token prints the 名冊, with its full ID numbers and birth dates: opened by the print link the
   * applicant's own session was given, or by the code e-mailed to the application's contact (issue 45)
   */
  rosterOpen: boolean;
  /** the roster's ID numbers masked, and its birth dates until the 名冊 is open */
  application: ShownRecord;
}

/** Body of POST overprint/rosterCode: e-mail a code to the application's contact. */
export const rosterCodeSchema = object({
  token: text('連結代碼').required().test(maxLength(512)),
});

/** What overprint/rosterCode answers: where the code went (masked) and until when it works. */
export interface RosterCodeSent {
  /** the contact's address, masked (h***@example.com.tw) */
  sentTo: string;
  /** ISO instant the code stops working */
  expiresAt: string;
}

/** Body of POST overprint/rosterOpen: the code the contact received. */
export const rosterOpenSchema = object({
  token: text('連結代碼').required().test(maxLength(512)),
  code: emailCodeField(),
});
export type RosterOpen = InferType<typeof rosterOpenSchema>;

/** The documents this application can print: the 名冊 only when a roster was given. */
export function printableDocuments(application: { roster: readonly unknown[] }): OverprintDocument[] {
  return OVERPRINT_DOCUMENTS.filter((doc) => doc !== 'roster' || application.roster.length > 0);
}

/** One status change of the progress timeline. */
export interface ProgressEvent {
  status: ApplicationStatus;
  /** ISO instant of the change */
  at: string;
  /** what staff wrote with it (待補件: the documents asked for) */
  note: string | null;
}

/** What progress/query answers: no personal data beyond the company's name. */
export interface ApplicationProgress {
  applicationNo: string;
  companyName: string;
  submittedAt: string;
  status: ApplicationStatus;
  events: ProgressEvent[];
}
