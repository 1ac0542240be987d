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

export function clearCartCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, cookieOptions(request));
}

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' } as const;
}
