import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type ActivitySession,
  type ActivitySessionState,
  addDetailTraceSchema,
  addTraceSchema,
  type CartSummary,
  type CookieCart,
  deleteCartItemSchema,
  insertCartSchema,
  updateCartItemSchema,
} from '../../domain/api/cart-service';
import { type Cart, NEW_CART } from '../../domain/cart-item';
import { RETURN_CODE } from '../../domain/envelope';
import {
  CART_COOKIE,
  clearCartCookie,
  readCartCookie,
  readCartRevision,
  setCartCookie,
  setCartRevision,
} from '../cart/cart-cookie';
import { Refusal } from '../db/refusable-write';
import { countCartItems, findCart, readCart } from '../db/repositories/cart-reads';
import {
  type CartRefusal,
  deleteCartItem,
  insertCartItem,
  releaseSessionCart,
  sessionCart,
  updateCartItem,
} from '../db/repositories/cart-writes';
import { endActivity, readActivity, startActivity } from '../db/repositories/sessions';
import { readSiteSettings } from '../db/repositories/settings';
import { insertCampaignTrace, insertPageTrace } from '../db/repositories/traces';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import type { RoutesPlugin } from '../route-input';

const WRITE = { config: { budget: 'write' } } as const;
const TRACKING = { config: { budget: 'tracking' } } as const;

/**
 * The cart service of docs/specification.md §7 (`DTODGAZ0/<verb>`, every verb a POST with a JSON body): the cart of the
 * signed gi_cart cookie, the visitor's activity session, run-time settings and page/campaign views.
 */
export const cartServiceRoutes: RoutesPlugin<{ db: Kysely<Database> }> = async (app, { db }) => {
  /** The cookie's cart as stored; a cookie whose cart is gone is cleared and counts as no cart. */
  async function visitorCart(request: FastifyRequest, reply: FastifyReply) {
    const cookieCartNo = readCartCookie(request);
    const cart = await findCart(db, cookieCartNo);
    if (!cart && request.cookies[CART_COOKIE]) clearCartCookie(request, reply);
    return { cookieCartNo, cart };
  }

  app.post('/DTODGAZ0/getCart', async (request, reply) => {
    const cookieCartNo = readCartCookie(request);
    const cart = await readCart(db, cookieCartNo, readCartRevision(request));
    if (!cart) {
      if (request.cookies[CART_COOKIE]) clearCartCookie(request, reply);
      return ok<Cart>(NEW_CART);
    }
    return ok<Cart>({
      CHANNEL: cart.channel,
      CART_NO: cart.cartNo,
      COOKIE_CART_NO: cookieCartNo,
      CLASS_LIST: cart.classes,
    });
  });

  app.post('/DTODGAZ0/getOnlyCartData', async (request, reply) => {
    const { cookieCartNo, cart } = await visitorCart(request, reply);
    if (!cart)
      return ok<CartSummary>({ CHANNEL: NEW_CART.CHANNEL, CART_NO: '', COOKIE_CART_NO: '', ITEM_COUNT: 0 });
    return ok<CartSummary>({
      CHANNEL: cart.channel,
      CART_NO: cart.cartNo,
      COOKIE_CART_NO: cookieCartNo,
      ITEM_COUNT: await countCartItems(db, cart.cartNo),
    });
  });

  app.post(
    '/DTODGAZ0/insertCart',
    { ...WRITE, schema: { body: insertCartSchema } },
    async (request, reply) => {
      const item = request.body;
      const cookieCartNo = readCartCookie(request);
      const { cartMaxItems } = await readSiteSettings(db);
      const result = await insertCartItem(db, {
        cookieCartNo,
        sessionId: request.sessionId,
        item,
        maxItems: cartMaxItems,
      });
      if (result instanceof Refusal) return refusedAnswer(result);
      if (result.cartNo !== cookieCartNo) setCartCookie(request, reply, result.cartNo);
      setCartRevision(request, reply, result.revision);
      return ok(result.cartNo);
    },
  );

  app.post(
    '/DTODGAZ0/updateCartItem',
    { ...WRITE, schema: { body: updateCartItemSchema } },
    async (request, reply) => {
      const item = request.body;
      const result = await updateCartItem(db, { cookieCartNo: readCartCookie(request), item });
      if (result instanceof Refusal) return refusedAnswer(result);
      setCartRevision(request, reply, result.revision);
      return ok(result.cartNo);
    },
  );

  app.post(
    '/DTODGAZ0/deleteCartItem',
    { ...WRITE, schema: { body: deleteCartItemSchema } },
    async (request, reply) => {
      const { CLASS_ID } = request.body;
      const { cart } = await visitorCart(request, reply);
      const result = await deleteCartItem(db, cart?.cartNo ?? '', CLASS_ID);
      if (result instanceof Refusal) return refusedAnswer(result);
      setCartRevision(request, reply, result.revision);
      return ok(null);
    },
  );

  app.post('/DTODGAZ0/getCoki', async (request) =>
    ok<CookieCart>({ COOKIE_CART_NO: readCartCookie(request) }),
  );

  app.post('/DTODGAZ0/addCoki', WRITE, async (request, reply) => {
    const { cart } = await visitorCart(request, reply);
    const cartNo = cart?.cartNo ?? (await sessionCart(db, request.sessionId));
    // set on every call: it renews the cookie's 30 days
    setCartCookie(request, reply, cartNo);
    return ok<CookieCart>({ COOKIE_CART_NO: cartNo });
  });

  app.post('/DTODGAZ0/clearCoki', WRITE, async (request, reply) => {
    await releaseSessionCart(db, request.sessionId);
    clearCartCookie(request, reply);
    return ok(null);
  });

  app.post('/DTODGAZ0/addSession', TRACKING, async (request) => {
    const [times, setup] = await Promise.all([startActivity(db, request.sessionId), readSiteSettings(db)]);
    return ok<ActivitySession>({
      startedAt: (times.startedAt ?? times.now).toISOString(),
      now: times.now.toISOString(),
      remindSeconds: setup.sessionRemindSeconds,
      endSeconds: setup.sessionEndSeconds,
    });
  });

  app.post('/DTODGAZ0/getSession', async (request) => {
    const [times, setup] = await Promise.all([readActivity(db, request.sessionId), readSiteSettings(db)]);
    const { startedAt, endedAt, now } = times;
    const elapsedSeconds = startedAt
      ? (now.getTime() - startedAt.getTime()) / 1000
      : Number.POSITIVE_INFINITY;
    return ok<ActivitySessionState>({
      startedAt: startedAt?.toISOString() ?? null,
      now: now.toISOString(),
      remindSeconds: setup.sessionRemindSeconds,
      endSeconds: setup.sessionEndSeconds,
      active: endedAt === null && elapsedSeconds < setup.sessionEndSeconds,
    });
  });

  app.post('/DTODGAZ0/cleanSession', TRACKING, async (request) => {
    await endActivity(db, request.sessionId);
    return ok(null);
  });

  app.post('/DTODGAZ0/getExtraSetup', async () => ok(await readSiteSettings(db)));

  app.post('/DTODGAZ0/addTrace', { ...TRACKING, schema: { body: addTraceSchema } }, async (request) => {
    const trace = request.body;
    await insertPageTrace(db, request.sessionId, trace);
    return ok(null);
  });

  app.post(
    '/DTODGAZ0/addDetailTrace',
    { ...TRACKING, schema: { body: addDetailTraceSchema } },
    async (request) => {
      const trace = request.body;
      await insertCampaignTrace(db, request.sessionId, trace);
      return ok(null);
    },
  );
};

/** A refused cart change: its message, and the dialog the client opens (docs/specification.md §8) as `data`. */
function refusedAnswer({ reason }: Refusal<CartRefusal>) {
  return fail(RETURN_CODE.refused, reason.msg, reason.dialog);
}
