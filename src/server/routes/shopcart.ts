import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type CartEstimate,
  estimateSchema,
  findApplicationSchema,
  type ShopcartPlan,
  type SubmittedApplication,
  submitApplicationSchema,
} from '../../domain/api/shopcart';
import { applicationRules } from '../../domain/application-rules';
import { type CartClass, NEW_CART } from '../../domain/cart-item';
import { type ApiEnvelope, RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import { parseDateInput, taipeiDate } from '../../domain/roc-date';
import { addWorkingDays } from '../../domain/working-days';
import { readCartCookie, setCartRevision } from '../cart/cart-cookie';
import { Refusal, refusableWrite } from '../db/refusable-write';
import {
  findSessionApplication,
  insertApplication,
  lockRequestId,
  nextApplicationNo,
  pricingCatalogue,
  type StoredApplication,
} from '../db/repositories/applications';
import { checkCartItems } from '../db/repositories/cart-item-checks';
import { findCart, listCartClasses } from '../db/repositories/cart-reads';
import { emptyCart, lockCart } from '../db/repositories/cart-writes';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { queueApplicationReceived } from '../mail/queued-messages';
import { linkToken } from '../overprint/sealed-token';
import { type RoutesPlugin, shapeOnly } from '../route-input';
import { type PricingPlan, priceCart, toEstimate } from '../shopcart/price-cart';

const WRITE = { config: { budget: 'write' } } as const;

/** The insurer's staff contact the company within this many working days (docs/domain.md §1.2, done step). */
export const CONTACT_WORKING_DAYS = 3;

/** A refusal decided inside the submit's transaction: it rolls back (nothing stored, no captcha used). */
const refused = (status: number, answer: ApiEnvelope<unknown>) => new Refusal({ status, answer });

/**
 * The shopcart application (ODGAF040-043):
 * - `POST shopcart/estimate`: STEP1's plan priced on the visitor's cart (server/shopcart/price-cart.ts).
 * - `POST shopcart/submitApplication`: checks every field again with the forms' schemas, the captcha and
 *   the cart against the catalogue, then stores the application with its 申請受理通知 e-mail in one
 *   transaction and answers its 受理編號. The flow's requestId makes it idempotent within the visitor session: a double click, a retry
 *   or a second tab gets the first answer, never a second application. The same requestId from another
 *   session is a new request, checked in full, and never answered the first one's 受理編號 or print link.
 * - `POST shopcart/findApplication`: what a flow whose submit went unanswered (the answer lost, the page
 *   gone) asks: the 受理編號 its requestId made in this session, or a refusal when none was stored.
 */
export const shopcartRoutes: RoutesPlugin<{
  db: Kysely<Database>;
  tokenKey: Buffer;
  /** the site's public address, for the e-mail's link to the progress page */
  siteUrl: string;
  /** the clock applications are received and dated by */
  now: () => Date;
}> = async (app, { db, tokenKey, siteUrl, now }) => {
  const submitted = ({ applicationNo, createdAt }: StoredApplication): SubmittedApplication => ({
    applicationNo,
    submittedAt: createdAt.toISOString(),
    contactBy: addWorkingDays(createdAt, CONTACT_WORKING_DAYS),
    overprintToken: linkToken(tokenKey, applicationNo, createdAt),
  });

  /** The items of the visitor's cart (the gi_cart cookie's); none without a cart. */
  async function visitorItems(request: FastifyRequest): Promise<CartClass[]> {
    const cart = await findCart(db, readCartCookie(request));
    return cart ? listCartClasses(db, cart.cartNo) : [];
  }

  // the plan's rules depend on the visitor's cart: the route checks its shape, the handler its rules
  app.post('/shopcart/estimate', { schema: { body: shapeOnly(estimateSchema) } }, async (request) => {
    const classes = await visitorItems(request);
    const plan = await estimateSchema.validate(request.body, {
      context: validationContext(classes, now()),
    });
    if (classes.length === 0) return fail(RETURN_CODE.refused, messages.cartEmpty());
    const cartNo = readCartCookie(request);
    const error = await checkCartItems(db, cartNo, classes);
    if (error) return fail(RETURN_CODE.refused, error, 'modalCartItemError');
    const priced = priceCart(classes, await pricingCatalogue(db, classes), pricingPlan(plan, plan.headcount));
    return ok<CartEstimate>(toEstimate(priced));
  });

  app.post('/shopcart/findApplication', { schema: { body: findApplicationSchema } }, async (request) => {
    const { requestId } = request.body;
    const stored = await findSessionApplication(db, request.sessionId, requestId);
    return stored ? ok(submitted(stored)) : fail(RETURN_CODE.refused, messages.applicationNotReceived());
  });

  const SUBMIT = { ...WRITE, schema: { body: shapeOnly(submitApplicationSchema) } };
  app.post('/shopcart/submitApplication', SUBMIT, async (request, reply) => {
    const at = now();
    const body = request.body;
    const input = await submitApplicationSchema.validate(body, {
      context: validationContext(await visitorItems(request), at, body),
    });
    const { requestId } = input;
    const { sessionId } = request;
    try {
      const result = await refusableWrite(db, async (trx) => {
        // one flow at a time: a second request of the same flow waits here, then finds the first's answer;
        // the id is the flow's within its session, so another session's request is new, checked in full
        await lockRequestId(trx, sessionId, requestId);
        const existing = await findSessionApplication(trx, sessionId, requestId);
        if (existing) return { answer: ok(submitted(existing)) };
        if (!(await app.captcha.verify(trx, input.captcha))) {
          return refused(400, fail(RETURN_CODE.badInput, messages.captcha()));
        }

        const cartNo = await lockCart(trx, readCartCookie(request));
        const classes = cartNo ? await listCartClasses(trx, cartNo) : [];
        if (!cartNo || classes.length === 0) {
          return refused(200, fail(RETURN_CODE.refused, messages.cartEmpty()));
        }
        const itemError = await checkCartItems(trx, cartNo, classes);
        if (itemError) return refused(200, fail(RETURN_CODE.refused, itemError, 'modalCartItemError'));
        // the cart as locked decides: it may have changed since the fields were first checked
        const { plan, applicant, roster } = await submitApplicationSchema.validate(body, {
          context: validationContext(classes, at, body),
        });

        const priced = priceCart(
          classes,
          await pricingCatalogue(trx, classes),
          pricingPlan(plan, applicant.headcount),
        );
        // the day's serial row is locked last: concurrent submits queue on it only for their inserts
        const applicationNo = await nextApplicationNo(trx, taipeiDate(at));
        await insertApplication(trx, {
          applicationNo,
          requestId,
          sessionId,
          createdAt: at,
          plan,
          applicant,
          roster,
          priced,
        });
        await queueApplicationReceived(
          trx,
          {
            applicationNo,
            companyName: applicant.companyName,
            contactName: applicant.contactName,
            email: applicant.email,
            items: priced.items.map((item) => item.CLASS_TITLE),
            headcount: applicant.headcount,
            startDate: applicant.startDate,
            submittedAt: at,
            contactBy: addWorkingDays(at, CONTACT_WORKING_DAYS),
          },
          siteUrl,
        );
        // the application holds a copy: the visitor's cart empties
        const revision = await emptyCart(trx, cartNo);
        return { answer: ok(submitted({ applicationNo, createdAt: at })), revision };
      });
      if (result instanceof Refusal) return reply.code(result.reason.status).send(result.reason.answer);
      const { answer, revision } = result;
      if (revision !== undefined) setCartRevision(request, reply, revision);
      return answer;
    } catch (error) {
      if (isUniqueViolation(error, 'applications_session_id_request_id_key')) {
        const first = await findSessionApplication(db, sessionId, requestId);
        if (first) return ok(submitted(first));
      }
      throw error;
    }
  });
};

/**
 * The forms' validation context on the server: today in Asia/Taipei and the cart's ages and salaries
 * (src/domain/api/shopcart.ts); the roster's ages count on the 投保始期 when it is a date, as in the form.
 */
function validationContext(classes: CartClass[], now: Date, body?: unknown) {
  const { ages, needsSalary } = applicationRules({ ...NEW_CART, CLASS_LIST: classes });
  const startDate = startDateOf(body);
  return {
    today: taipeiDate(now),
    needsSalary,
    ...(ages ? { ages } : {}),
    ...(startDate ? { startDate } : {}),
  };
}

function startDateOf(body: unknown): string | undefined {
  const applicant = isRecord(body) ? body.applicant : undefined;
  const typed = isRecord(applicant) ? applicant.startDate : undefined;
  if (typeof typed !== 'string') return undefined;
  const parsed = parseDateInput(typed);
  return parsed.ok ? parsed.date : undefined;
}

function pricingPlan(plan: ShopcartPlan, headcount: number): PricingPlan {
  return {
    headcount,
    occupationClass: Number(plan.occupationClass),
    ages: { kind: 'average', age: plan.averageAge },
    averageSalary: plan.averageSalary,
  };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return isRecord(error) && error.code === '23505' && error.constraint === constraint;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
