import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read: Argon2id by its value.
const ARGON2ID = 2 satisfies Algorithm.Argon2id;

/** How every staff account's hash begins; the operator socket takes no other. */
export const ARGON2ID_PREFIX = '$argon2id$';

/** A staff password as stored: argon2id with the library's default costs, its salt inside. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** Whether `password` is the one `stored` was made from; a malformed hash matches nothing. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** The hash unknown names are verified against: of a random password, made once per process. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

/**
 * For a name no account has: verifies against the dummy hash, so the answer takes as long as for a real
 * name and its timing tells no names apart. Always false.
 */
export async function verifyNobody(password: string): Promise<false> {
  await verifyPassword(await dummyHash(), password);
  return false;
}
