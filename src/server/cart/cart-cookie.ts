import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_NO_PATTERN } from './cart-number';

/** The visitor's cart: its number, signed, in an HttpOnly cookie that outlives the browser session. */
export const CART_COOKIE = 'gi_cart';
export const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The cart number the cookie holds; '' when there is none or its signature or form is wrong. */
export function readCartCookie(request: FastifyRequest): string {
  const signed = request.cookies[CART_COOKIE];
  if (!signed) return '';
  const unsigned = request.unsignCookie(signed);
  return unsigned.valid && unsigned.value !== null && CART_NO_PATTERN.test(unsigned.value)
    ? unsigned.value
    : '';
}

export function setCartCookie(request: FastifyRequest, reply: FastifyReply, cartNo: string): void {
  reply.setCookie(CART_COOKIE, cartNo, {
    ...cookieOptions(request),
    maxAge: CART_COOKIE_MAX_AGE_SECONDS,
    signed: true,
  });
}

/**
 * The revision of the visitor's last change to their cart (migration 0015), so that a server process
 * holding the cart from before reads it again (db/read-cache.ts). Not signed: a changed value can only make
 * that visitor's own reads go to the database, or keep an older copy until the change's notice arrives.
 */
export const CART_REVISION_COOKIE = 'gi_cart_rev';

/** The cart cookie's revision; 0 when there is none (a cookie from before revisions) or it is malformed. */
export function readCartRevision(request: FastifyRequest): number {
  const value = request.cookies[CART_REVISION_COOKIE];
  return value && /^[1-9][0-9]{0,14}$/.test(value) ? Number(value) : 0;
}

export function setCartRevision(request: FastifyRequest, reply: FastifyReply, revision: number): void {
  reply.setCookie(CART_REVISION_COOKIE, String(revision), {
    ...cookieOptions(request),
    maxAge: CART_COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearCartCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, cookieOptions(request));
  if (request.cookies[CART_REVISION_COOKIE]) reply.clearCookie(CART_REVISION_COOKIE, cookieOptions(request));
}

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' } as const;
}
