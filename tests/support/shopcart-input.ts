import { randomUUID } from 'node:crypto';
import { addDays, taipeiDate } from '../../src/domain/roc-date';

/**
 * Valid input of the shopcart application, for the seeded catalogue and a cart of 基本型. Every personal
 * datum here is made up: the company, the people, the tax id (a valid checksum) and the ids (valid
 * checksums). No test runner here: `npm run fuzz:api` reads it through tests/support/api-fuzz.ts.
 */

/** Made-up people for the 名冊: valid ids, born so that they are 35 and 42. */
export const ROSTER = [
  { name: '林小美', personId: 'A123456789', birthDate: '1991-03-15', gender: 'F', occupationClass: '1' },
  { name: '張大同', personId: 'F131232798', birthDate: '1984-07-02', gender: 'M', occupationClass: '1' },
];

/** STEP1's plan for 10 people of class 1, aged 35 on average. */
export const PLAN = { headcount: 10, occupationClass: '1', averageAge: 35 };

export const APPLICANT = {
  companyName: '晴空軟體股份有限公司',
  taxId: '12345675',
  representative: '吳志明',
  industry: 'J',
  city: '臺北市',
  district: '信義區',
  street: '松仁路100號5樓',
  contactName: '黃怡君',
  contactTitle: '人資專員',
  mobile: '0912-345-678',
  phone: '02-2720-8889',
  phoneExt: '123',
  email: 'hr@sky-soft.example.tw',
  headcount: 10,
  startDate: '',
  ageMin: 25,
  ageMax: 55,
};

/** APPLICANT with a valid start date: 20 days from today (Asia/Taipei). */
export function validApplicant(): typeof APPLICANT {
  return { ...APPLICANT, startDate: addDays(taipeiDate(new Date()), 20) };
}

export type Submission = ReturnType<typeof validSubmission> & { captcha: string };

/** A submission that passes every check on a cart of 基本型 (no salary items); captcha left empty. */
export function validSubmission() {
  return {
    requestId: randomUUID(),
    plan: { ...PLAN } as Record<string, unknown>,
    applicant: validApplicant() as Record<string, unknown>,
    roster: ROSTER.map((row) => ({ ...row })) as Record<string, unknown>[],
    consent: true as unknown,
    captcha: '',
  };
}
