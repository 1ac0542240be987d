import { expect } from 'vitest';
import type { StaffRole } from '../../src/domain/staff-roles';
import { CartVisitor } from './cart-visitor';
import { addStaff, type TestApp } from './server';

const PASSWORD = 'a long enough passphrase';
let people = 0;

/** A new staff account with these roles (named `<prefix>.<n>`), signed in through staff/login. */
export async function signedInStaff(t: TestApp, roles: StaffRole[], prefix = 'staff') {
  const name = `${prefix}.${++people}`;
  await addStaff(t.db, name, PASSWORD, roles);
  const visitor = await CartVisitor.arrive(t);
  expect((await visitor.api('staff/login', { name, password: PASSWORD })).json().returnCode).toBe(0);
  return { name, visitor };
}

/**
 * Gives a signed-in person's notices this address and these kinds, typing the code e-mailed to it as they
 * would (issue 45): read from the message waiting in the outbox, which carries it until it is sent.
 */
export async function chooseNotices(
  t: TestApp,
  staff: { name: string; visitor: CartVisitor },
  email: string,
  kinds: string[],
) {
  const saved = (await staff.visitor.api('staff/me/notifications', { email, kinds })).json();
  expect(saved.returnCode).toBe(0);
  const code = await codeSentTo(t, email);
  const confirmed = (await staff.visitor.api('staff/me/notifications/confirm', { code })).json();
  expect(confirmed).toMatchObject({ returnCode: 0, data: { email, pending: null } });
  return confirmed.data;
}

/** The code the newest e-mail to `address` carries, as its recipient reads it. */
export async function codeSentTo(t: TestApp, address: string): Promise<string> {
  const { secret } = await t.db
    .selectFrom('outbox')
    .select('secret')
    .where('recipient', '=', address)
    .where('kind', 'in', ['staff.address', 'roster.code'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(secret).toMatch(/^\d{6}$/);
  return secret!;
}
