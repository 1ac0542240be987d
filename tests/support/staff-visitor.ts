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
