import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import { recordCaptchaUse } from '../db/repositories/captcha-uses';
import type { Database } from '../db/schema';
import { isEpochTime } from '../epoch-time';

export type { Challenge };

/** The widget's payloads are about 800 characters; anything far longer is refused unread. */
const MAX_PAYLOAD_LENGTH = 4_096;
/** The largest counter a challenge may hide: the widget encodes it as an unsigned 32-bit integer. */
const MAX_COUNTER = 0xffff_ffff;
/** Iterated SHA: the widget's workers solve it with the browser's own crypto, the server checks it cheaply. */
const ALGORITHM = 'SHA-256';

export interface CaptchaOptions {
  /** the secret the challenges are signed with (SessionKeys.captchaKey) */
  hmacKey: string;
  /** the counter hidden in a challenge lies in [maxNumber / 2, maxNumber]: the work, and the only knob */
  maxNumber: number;
  /** how long after it is issued a challenge may be solved and sent */
  expiresSeconds: number;
}

export interface Captcha {
  /** A new signed challenge, as the widget expects it (the route wraps it in the envelope). */
  challenge(): Promise<Challenge>;
  /**
   * True once for a solved, unexpired challenge this server signed; false for anything else (empty,
   * malformed, tampered, wrong, expired, or already used on any node sharing `db`). Throws only when the
   * database does (the request then answers 503).
   */
  verify(db: Kysely<Database>, payload: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** issues and checks captcha challenges (app.ts decorates the root instance; routes/captcha.ts serves them) */
    captcha: Captcha;
  }
}

/**
 * ALTCHA proof of work, self-hosted (altcha-lib v2, deterministic mode): the server picks a counter and signs
 * a challenge whose key prefix is the start of the key derived at that counter; the visitor's browser finds
 * the counter by trying them in turn. Checking a solution is one hash and one HMAC. A solution is accepted
 * once: the challenge's signature is recorded in `captcha_uses`, so a replay is refused on every API node.
 */
export function createCaptcha({ hmacKey, maxNumber, expiresSeconds }: CaptchaOptions): Captcha {
  if (!Number.isInteger(maxNumber) || maxNumber < 1 || maxNumber > MAX_COUNTER) {
    throw new Error(`captcha maxNumber must be a whole number from 1 to ${MAX_COUNTER}: ${maxNumber}`);
  }
  if (!(expiresSeconds > 0)) throw new Error(`captcha expiresSeconds must be positive: ${expiresSeconds}`);

  return {
    challenge: () =>
      createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + Math.ceil(expiresSeconds),
        hmacSignatureSecret: hmacKey,
      }),

    async verify(db, payload) {
      const solved = await checkSolution(payload, hmacKey);
      return solved !== undefined && recordCaptchaUse(db, solved.signature, solved.expiresAt);
    },
  };
}

/** The challenge a payload solves, when it is well formed, ours, unexpired and solved; never throws. */
async function checkSolution(
  payload: string,
  hmacSignatureSecret: string,
): Promise<{ signature: string; expiresAt: Date } | undefined> {
  const decoded = decodePayload(payload);
  if (!decoded) return undefined;
  const { challenge, solution } = decoded;
  try {
    // no key signature: the key is derived again from the counter sent (one hash), and must be the key
    // sent and start with the signed prefix, 16 bytes of the key at the hidden counter
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret });
    if (!result.verified) return undefined;
  } catch {
    return undefined;
  }
  return { signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) };
}

type SolvedPayload = {
  challenge: Challenge & { signature: string; parameters: { expiresAt: number } };
  solution: { counter: number; derivedKey: string };
};

/** The widget sends base64 of `{ challenge: { parameters, signature }, solution: { counter, derivedKey } }`. */
function decodePayload(payload: string): SolvedPayload | undefined {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD_LENGTH) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(value) || !isObject(value.challenge) || !isObject(value.solution)) return undefined;
  const { parameters, signature } = value.challenge;
  const { counter, derivedKey } = value.solution;
  if (
    !isObject(parameters) ||
    parameters.algorithm !== ALGORITHM ||
    // every challenge this server signs expires at a whole second a Date holds; any other is not ours
    !isEpochTime(parameters.expiresAt, 1_000) ||
    typeof signature !== 'string' ||
    !/^[0-9a-f]{64}$/.test(signature) ||
    typeof counter !== 'number' ||
    typeof derivedKey !== 'string'
  ) {
    return undefined;
  }
  return {
    // the parameters as sent, unknown keys included: the signature covers exactly what was signed
    challenge: { parameters, signature } as unknown as SolvedPayload['challenge'],
    solution: { counter, derivedKey },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
