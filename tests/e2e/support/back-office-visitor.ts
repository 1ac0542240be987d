import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { HttpVisitor } from '../../support/http-visitor';
import { APPLICANT, validSubmission } from '../../support/shopcart-input';

/**
 * What the back office's browser tests work on, made as a visitor's pages make it, over HTTP: a company
 * applies for 基本型 with its roster, and writes to the insurer through 聯絡我們 about it.
 */
export async function visitorAppliesAndWrites(
  origin: string,
): Promise<{ applicationNo: string; contactNo: string }> {
  const visitor = await HttpVisitor.arrive(origin);
  expect((await visitor.insertPackage('BASIC')).body.returnCode).toBe(0);
  const answer = await visitor.post<{ applicationNo: string }>('shopcart/submitApplication', {
    ...validSubmission(),
    captcha: await visitor.captcha(),
  });
  expect(answer.body.returnCode).toBe(0);
  const sent = await visitor.post<{ contactNo: string }>('contact/submit', {
    requestId: randomUUID(),
    message: {
      name: APPLICANT.contactName,
      companyName: APPLICANT.companyName,
      taxId: APPLICANT.taxId,
      mobile: '0912-345-678',
      phone: '',
      phoneExt: '',
      email: 'hr@example.com.tw',
      topic: 'application',
      content: '我們剛送出團體保險申請，想確認需要補哪些文件。',
      consent: true,
    },
    captcha: await visitor.captcha(),
  });
  expect(sent.body.returnCode).toBe(0);
  return { applicationNo: answer.body.data.applicationNo, contactNo: sent.body.data.contactNo };
}
