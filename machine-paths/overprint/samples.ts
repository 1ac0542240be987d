import type { PrintedCopy } from '../../machines/overprint.machine';
import type {
  OverprintAccess,
  OverprintLookup,
  RosterCodeSent,
  ShownRecord,
} from '../../src/domain/api/overprint';

/*
 * The overprint flow's samples: the application the shopcart's sample submit stored (GI115112300001,
 * 晴空軟體, 基本型 for 10 people, two roster rows), as overprint/lookup answers it (ID numbers and birth dates
 * masked), and as it reads once its 名冊 is open (the print link, or the code e-mailed to its contact).
 */

export const SAMPLE_APPLICATION_NO = 'GI115112300001';

/** STEP1 as typed: the identifiers given at application and a solved captcha. */
export const SAMPLE_LOOKUP: OverprintLookup = {
  applicationNo: SAMPLE_APPLICATION_NO,
  taxId: '12345675',
  contactPhone: '0912-345-678',
  captcha: 'eyJjaGFsbGVuZ2UiOnt9LCJzb2x1dGlvbiI6eyJudW1iZXIiOjd9fQ==',
};

/** STEP1 sent without the captcha solved: the form never sends it. */
export const SAMPLE_UNSOLVED_LOOKUP: OverprintLookup = { ...SAMPLE_LOOKUP, captcha: '' };

/** The print link of the shopcart's STEP4, as the address carries it. */
export const SAMPLE_LINK = {
  token: 'b3BhcXVlLXRvLXRoZS1mbG93LXNlYWxlZC1ieS10aGUtc2VydmVy',
  applicationNo: SAMPLE_APPLICATION_NO,
};

export const SAMPLE_RECORD: ShownRecord = {
  applicationNo: SAMPLE_APPLICATION_NO,
  submittedAt: '2026-11-23T02:41:07.000Z',
  status: '已受理',
  company: {
    name: '晴空軟體股份有限公司',
    taxId: '12345675',
    representative: '林志明',
    industry: '資訊及通訊傳播業',
    city: '臺北市',
    district: '信義區',
    street: '松仁路100號12樓',
  },
  contact: {
    name: '陳美玲',
    title: '人資專員',
    mobile: '0912-345-678',
    phone: null,
    phoneExt: null,
    email: 'hr@example.com.tw',
  },
  plan: {
    headcount: 10,
    occupationClass: 1,
    averageAge: 35,
    averageSalary: null,
    totalSalary: null,
    maxSalary: null,
    startDate: '2026-12-14',
    ageMin: 24,
    ageMax: 52,
  },
  premium: { annual: 23_180, monthlyPerPerson: 204 },
  items: [
    {
      title: '基本型',
      source: 'PKG',
      annual: 23_180,
      monthlyPerPerson: 204,
      lines: [
        {
          prodId: 'GTL',
          prodName: '團體定期壽險',
          sumInsured: 1_000_000,
          salaryMultiple: null,
          rate: 14,
          rateUnit: 10_000,
        },
        {
          prodId: 'GAD',
          prodName: '團體傷害保險',
          sumInsured: 1_000_000,
          salaryMultiple: null,
          rate: 8,
          rateUnit: 10_000,
        },
        {
          prodId: 'GAM',
          prodName: '團體傷害醫療保險',
          sumInsured: 30_000,
          salaryMultiple: null,
          rate: 80,
          rateUnit: 10_000,
        },
      ],
    },
  ],
  roster: [
    {
      rowNo: 1,
      name: '林小美',
      personId: 'A12****789',
      birthDate: null,
      gender: 'F',
      occupationClass: 1,
      monthlySalary: null,
    },
    {
      rowNo: 2,
      name: '張大同',
      personId: 'F13****798',
      birthDate: null,
      gender: 'M',
      occupationClass: 1,
      monthlySalary: null,
    },
  ],
};

/** What overprint/lookup answers for it: the 名冊 not open (issue 45). */
export const SAMPLE_ACCESS: OverprintAccess = {
  token: 'dmlzaXQtdG9rZW4tc2VhbGVkLWJ5LXRoZS1zZXJ2ZXI',
  expiresAt: '2026-11-24T03:11:07.000Z',
  rosterOpen: false,
  application: SAMPLE_RECORD,
};

/** The record with its 名冊 open: the birth dates shown, the ID numbers still masked on screen. */
const OPEN_RECORD: ShownRecord = {
  ...SAMPLE_RECORD,
  roster: SAMPLE_RECORD.roster.map((row, index) => ({
    ...row,
    birthDate: ['1991-03-15', '1984-07-02'][index]!,
  })),
};

/** What getDecryptData answers for the print link the applicant's session was given: the 名冊 open. */
export const SAMPLE_LINK_ACCESS: OverprintAccess = {
  ...SAMPLE_ACCESS,
  rosterOpen: true,
  application: OPEN_RECORD,
};

/** What overprint/rosterCode answers: where the code went (masked), and until when it works. */
export const SAMPLE_CODE_SENT: RosterCodeSent = {
  sentTo: 'h***@example.com.tw',
  expiresAt: '2026-11-24T02:55:07.000Z',
};

/** The code the contact received, as typed; and one the form would not send (five digits). */
export const SAMPLE_CODE = '370519';
export const SAMPLE_SHORT_CODE = '37051';

/** What overprint/rosterOpen answers: a token of the same visit that prints the 名冊. */
export const SAMPLE_ROSTER_ACCESS: OverprintAccess = {
  token: 'cm9zdGVyLW9wZW4tYnktdGhlLWNvbnRhY3RzLWNvZGU',
  expiresAt: SAMPLE_ACCESS.expiresAt,
  rosterOpen: true,
  application: OPEN_RECORD,
};

/** STEP2's choices: every document, the summary alone, and none (the form does not send it). */
export const SAMPLE_DOCUMENTS = {
  all: ['form', 'roster', 'summary'],
  summary: ['summary'],
  none: [],
} as const;

/** What the download answers: the copy the browser saved. */
export const SAMPLE_COPY: PrintedCopy = { printedAt: '2026-11-24T02:45:00.000Z', bytes: 182_345 };
