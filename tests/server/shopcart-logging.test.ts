import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/server';
import { ShopcartVisitor } from '../support/shopcart';
import { APPLICANT, ROSTER } from '../support/shopcart-input';

describe('shopcart logging', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logger: { stream: { write: (line) => lines.push(line) } } });
  }, 30_000);
  afterAll(() => t.close());

  it('logs a submit, accepted or refused, without the company’s or the people’s data', async () => {
    const visitor = await ShopcartVisitor.arrive(t);
    await visitor.addPackage('BASIC');
    lines.length = 0;
    const body = await visitor.submission();
    const refused = await visitor.shopcart('submitApplication', {
      ...body,
      applicant: { ...body.applicant, taxId: '12345678' },
    });
    expect(refused.statusCode).toBe(400);
    const wrongCaptcha = await visitor.shopcart('submitApplication', { ...body, captcha: 'abc' });
    expect(wrongCaptcha.statusCode).toBe(400);
    const accepted = await visitor.shopcart('submitApplication', body);
    expect(accepted.json().returnCode).toBe(0);
    await visitor.shopcart('submitApplication', body);

    const entries = lines.map((line) => JSON.parse(line));
    const submits = entries.filter((entry) => entry.req?.method === 'POST');
    expect(submits.map((entry) => entry.req)).toEqual(
      Array.from({ length: 4 }, () => ({ method: 'POST', path: '/ODGAWeb/api/shopcart/submitApplication' })),
    );
    const answers = entries.filter(
      (entry) => submits.some((submit) => submit.reqId === entry.reqId) && entry.res,
    );
    expect(answers.map((entry) => entry.res.statusCode)).toEqual([400, 400, 200, 200]);

    const text = lines.join('');
    for (const secret of [
      APPLICANT.companyName,
      APPLICANT.taxId,
      '12345678',
      APPLICANT.representative,
      APPLICANT.contactName,
      APPLICANT.street,
      '0912-345-678',
      '0912345678',
      '2720-8889',
      APPLICANT.email,
      ...ROSTER.flatMap((row) => [row.name, row.personId, row.birthDate]),
      body.requestId,
      body.captcha.slice(0, 40),
      accepted.json().data.applicationNo,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
