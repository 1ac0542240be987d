import { createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';

export interface SessionKeys {
  /** signs the gi_sid cookie */
  cookieSecret: string;
  /** keys the CSRF token; separate from the cookie key so the readable token never equals a signature */
  csrfKey: Buffer;
  /** keys the captcha challenges' signatures (captcha/captcha.ts); one more purpose, no new secret */
  captchaKey: string;
  /** AES-256-GCM key of the tokens the server hands out (overprint/sealed-token.ts) */
  tokenKey: Buffer;
  /** keys the HMAC that stands for a client's address in the lookup lockout and the staff sign-in: no address is stored */
  clientKey: Buffer;
  /** keys the HMAC that names a visitor in the machine traces: the session id is never stored there */
  traceKey: Buffer;
  /** keys the HMACs the staff sign-in counts a name under, alone and with a client: no such name is stored */
  loginKey: Buffer;
  /** keys the HMAC a code sent by e-mail is kept as (db/repositories/email-codes.ts): no code is stored */
  codeKey: Buffer;
}

export function deriveSessionKeys(sessionSecret: string): SessionKeys {
  const derive = (purpose: string) => createHmac('sha256', sessionSecret).update(purpose).digest();
  return {
    cookieSecret: derive('gi_sid cookie').toString('base64url'),
    csrfKey: derive('csrf token'),
    captchaKey: derive('captcha').toString('base64url'),
    tokenKey: derive('sealed tokens'),
    clientKey: derive('lookup client'),
    traceKey: derive('trace visitor'),
    loginKey: derive('login name'),
    codeKey: derive('email codes'),
  };
}

/** The CSRF token of a session: HMAC-SHA256 of its id, base64url. */
export function csrfTokenFor(keys: SessionKeys, sessionId: string): string {
  return createHmac('sha256', keys.csrfKey).update(sessionId).digest('base64url');
}

/** The anonymous visitor a machine trace is stored under: HMAC-SHA256 of the session id, 16 hex digits. */
export function traceVisitorFor(keys: Pick<SessionKeys, 'traceKey'>, sessionId: string): string {
  return createHmac('sha256', keys.traceKey).update(sessionId).digest('hex').slice(0, 16);
}

/** The subject a name no staff account has is counted under at the sign-in: HMAC-SHA256 of it, base64url. */
export function loginSubjectFor(keys: Pick<SessionKeys, 'loginKey'>, name: string): string {
  return createHmac('sha256', keys.loginKey).update(name).digest('base64url');
}

/**
 * The subject a name is counted under from one client at the sign-in (`client` from clientSubjectFor):
 * HMAC-SHA256 of both, base64url. Neither the name nor the address can be read back from it.
 */
export function loginPairSubjectFor(
  keys: Pick<SessionKeys, 'loginKey'>,
  name: string,
  client: string,
): string {
  return createHmac('sha256', keys.loginKey).update(`${client}\n${name}`).digest('base64url');
}

/** What stands for a client's address (the lookup lockout, the staff sign-in): HMAC-SHA256 of it, base64url. */
export function clientSubjectFor(keys: Pick<SessionKeys, 'clientKey'>, address: string): string {
  return createHmac('sha256', keys.clientKey).update(normalizeIP(address)).digest('base64url');
}
