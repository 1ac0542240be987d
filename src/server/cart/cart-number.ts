import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A cart number: 'C' and 20 base-32 characters, 100 random bits, so numbers cannot be guessed. */
export const CART_NO_PATTERN = /^C[A-Z2-7]{20}$/;

export function newCartNo(): string {
  // 32 divides 256, so the low 5 bits of each byte are uniform.
  const chars = [...randomBytes(20)].map((byte) => BASE32[byte & 31]);
  return `C${chars.join('')}`;
}
