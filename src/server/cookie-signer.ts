import { Signer, type signerFactory } from '@fastify/cookie';
import { remembered } from './remembered';

/** Signed cookies a process keeps checked: a visitor's session and cart cookies, for some thousands of visitors. */
const REMEMBERED_COOKIES = 20_000;

/**
 * The cookie signer (HMAC-SHA256, @fastify/cookie's own), remembering the cookies it has found valid: every
 * API call checks two signed cookies, and a visitor sends the same ones each time. A cookie that fails the
 * check is checked again each time it comes, so made-up cookies take no memory.
 */
export function rememberingSigner(secret: string): ReturnType<typeof signerFactory> {
  const signer = new Signer(secret);
  return {
    sign: (value: string) => signer.sign(value),
    unsign: remembered(
      (signed) => signer.unsign(signed),
      REMEMBERED_COOKIES,
      (result) => result.valid,
    ),
  };
}
