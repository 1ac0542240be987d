import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

const AT = new Date('2026-03-02T02:03:04.000Z');

describe("routes read the app's clock, not the system's", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => AT });
  }, 30_000);
  afterAll(() => t.close());

  it('dates a contact message by the clock buildApp was given', async () => {
    const visitor = await CartVisitor.arrive(t);
    const response = await visitor.api('contact/submit', {
      requestId: randomUUID(),
      message: SAMPLE_CONTACT_MESSAGE,
      captcha: await visitor.captcha(),
    });
    const { data } = response.json();
    expect(data.receivedAt).toBe(AT.toISOString());
    expect(data.contactNo).toMatch(/^CT1150302\d{5}$/);
  });
});
