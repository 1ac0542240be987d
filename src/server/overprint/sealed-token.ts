import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { APPLICATION_NO } from '../../domain/api/overprint';
import { isEpochTime } from '../epoch-time';

/*
 * Tokens the server hands out and alone can open: AES-256-GCM over a small JSON payload, under a key
 * derived from SESSION_SECRET. The purpose is the authenticated associated data, so a token sealed for one
 * use opens for no other; the expiry is inside the sealed payload. Format: base64url(iv ‖ ciphertext ‖ tag).
 * The IV is synthetic (an HMAC of the purpose and the claims under a key of its own): the same claims seal
 * to the same token, so an idempotent answer repeats itself to the letter, and two different payloads never
 * share an IV (short of an HMAC collision).
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type TokenPurpose = 'overprint';

export interface TokenClaims {
  /** the application the token opens */
  applicationNo: string;
  /** epoch milliseconds after which it no longer opens */
  expiresAt: number;
  /**
   * the token prints the 名冊 (issue 45): the print link the applicant's own session was given, or a visit
   * whose code, e-mailed to the application's contact, was typed; absent otherwise
   */
  roster?: true;
}

export type OpenedToken = { ok: true; claims: TokenClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function sealToken(key: Buffer, purpose: TokenPurpose, claims: TokenClaims): string {
  const plain = JSON.stringify(claims);
  const ivKey = createHmac('sha256', key).update('sealed token iv').digest();
  const iv = createHmac('sha256', ivKey).update(`${purpose}\0${plain}`).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The claims of a token this key sealed for this purpose, unless it was altered, foreign or has expired. */
export function openToken(key: Buffer, purpose: TokenPurpose, token: string, now: Date): OpenedToken {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== token) {
    return { ok: false, reason: 'invalid' };
  }
  let claims: unknown;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    claims = JSON.parse(plain.toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'invalid' };
  return claims.expiresAt > now.getTime() ? { ok: true, claims } : { ok: false, reason: 'expired' };
}

/** Claims as this server seals them: a 受理編號 and an expiry a Date holds; anything else opens nothing. */
function isClaims(value: unknown): value is TokenClaims {
  const claims = value as Partial<TokenClaims> | null;
  return (
    typeof claims?.applicationNo === 'string' &&
    APPLICATION_NO.test(claims.applicationNo) &&
    isEpochTime(claims.expiresAt) &&
    (claims.roster === undefined || claims.roster === true)
  );
}

/** How long what STEP1 opens may be used: the rest of the visit. */
export const VISIT_TOKEN_MINUTES = 30;
/** How long the print link on the shopcart's STEP4 works; later, STEP1's identifiers open the flow. */
export const LINK_TOKEN_HOURS = 24;

/**
 * The token overprint/lookup answers, with its expiry (epoch ms); overprint/rosterOpen answers one that prints
 * the 名冊 (`roster`), for the rest of the same visit.
 */
export function visitToken(
  key: Buffer,
  applicationNo: string,
  now: Date,
  roster?: { until: number },
): { token: string; expiresAt: number } {
  const expiresAt = roster?.until ?? now.getTime() + VISIT_TOKEN_MINUTES * 60_000;
  const claims: TokenClaims = roster
    ? { applicationNo, expiresAt, roster: true }
    : { applicationNo, expiresAt };
  return { token: sealToken(key, 'overprint', claims), expiresAt };
}

/**
 * The print link's token of a new application (the shopcart's STEP4): given to the session that applied and
 * to nobody else (no e-mail and no screen of the staff carries it), so it prints the 名冊 that session typed.
 */
export function linkToken(key: Buffer, applicationNo: string, now: Date): string {
  return sealToken(key, 'overprint', {
    applicationNo,
    expiresAt: now.getTime() + LINK_TOKEN_HOURS * 3_600_000,
    roster: true,
  });
}
