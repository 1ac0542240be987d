import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildCartItem } from '../../src/domain/cart-item';
import { type CatalogueCell, type CataloguePackage, cellPackage } from '../../src/domain/catalogue';
import { CartVisitor } from './cart-visitor';
import type { CookieJar, TestApp } from './server';
import { type Submission, validSubmission } from './shopcart-input';

/**
 * A visitor going through the shopcart flow on the seeded catalogue: fills its cart, solves the captcha
 * and submits. Every personal datum here
 * is made up: the company, the people, the tax id (a valid checksum) and the ids (valid checksums).
 */
export class ShopcartVisitor extends CartVisitor {
  static override async arrive(t: TestApp, address?: string): Promise<ShopcartVisitor> {
    return new ShopcartVisitor(t, await t.newVisitor(address), address);
  }

  constructor(
    readonly app: TestApp,
    jar: CookieJar,
    address?: string,
  ) {
    super(app, jar, address);
  }

  /** POST `${API_BASE}/shopcart/<verb>` with the visitor's cookies and CSRF header */
  shopcart(
    verb: 'estimate' | 'submitApplication' | 'findApplication',
    body: unknown,
  ): Promise<LightMyRequestResponse> {
    return this.api(`shopcart/${verb}`, body);
  }

  /** insertCart of a seeded package by id (BASIC, ADVANCED, …); answers the cart number */
  async addPackage(packId: string): Promise<string> {
    const pack: CataloguePackage = (await this.read(`catalogue/queryPackage?PACK_ID=${packId}`)).json().data;
    const answer = (await this.call('insertCart', buildCartItem(pack, 'PKG', this.cookieCartNo))).json();
    if (answer.returnCode !== 0) throw new Error(`insertCart ${packId}: ${answer.msg}`);
    return answer.data;
  }

  /** insertCart of a seeded product as a cell at an amount (or, for a salary cell, a multiple) */
  async addCell(prodId: string, choice: number): Promise<string> {
    const cell = await seededCell(this, prodId);
    const answer = (
      await this.call('insertCart', buildCartItem(cellPackage(cell, choice), 'CELL', this.cookieCartNo))
    ).json();
    if (answer.returnCode !== 0) throw new Error(`insertCart ${prodId}: ${answer.msg}`);
    return answer.data;
  }

  /** a valid submission for this visitor's cart, with a new captcha and request id */
  async submission(over: Partial<Submission> = {}): Promise<Submission> {
    return { ...validSubmission(), captcha: await this.captcha(), ...over };
  }
}

/** A company that applied for 基本型 with the sample's roster (mobile 0912-345-678): its number and print link. */
export interface Applied {
  visitor: ShopcartVisitor;
  applicationNo: string;
  linkToken: string;
}

/** A visitor (from `address`, if given) applies for 基本型; `over` changes fields of the submission. */
export async function applyForBasic(t: TestApp, address?: string, over: object = {}): Promise<Applied> {
  const visitor = await ShopcartVisitor.arrive(t, address);
  await visitor.addPackage('BASIC');
  const answer = (await visitor.shopcart('submitApplication', await visitor.submission(over))).json();
  expect(answer.returnCode).toBe(0);
  return { visitor, applicationNo: answer.data.applicationNo, linkToken: answer.data.overprintToken };
}

export async function seededCell(visitor: CartVisitor, prodId: string): Promise<CatalogueCell> {
  const cells: CatalogueCell[] = (await visitor.read('catalogue/queryCells')).json().data;
  const cell = cells.find((c) => c.PROD_ID === prodId);
  if (!cell) throw new Error(`no cell ${prodId}`);
  return cell;
}

/** How many applications are stored (all tables' rows, to see that a refusal stores nothing). */
export async function storedCounts(t: Pick<TestApp, 'db'>) {
  const count = async (table: string) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n ?? 0,
    );
  return {
    applications: await count('applications'),
    items: await count('application_items'),
    products: await count('application_item_products'),
    roster: await count('application_roster'),
    events: await count('application_events'),
  };
}

/**
 * `count` visitors, each with its own session and 基本型 in its own cart, submit their flows at the same
 * instant: their answers, and what the database then holds of those flows.
 */
export async function submitAllAtOnce(t: TestApp, count: number) {
  const visitors = await Promise.all(
    Array.from({ length: count }, async () => {
      const visitor = await ShopcartVisitor.arrive(t);
      await visitor.addPackage('BASIC');
      return { visitor, body: await visitor.submission() };
    }),
  );
  const answers = await Promise.all(
    visitors.map(({ visitor, body }) => visitor.shopcart('submitApplication', body)),
  );
  const requestIds = visitors.map(({ body }) => body.requestId);
  const stored = await t.db
    .selectFrom('applications')
    .select(['request_id', 'application_no', 'session_id'])
    .where('request_id', 'in', requestIds)
    .execute();
  return {
    visitors,
    answers: answers.map((answer) => ({ status: answer.statusCode, ...answer.json() })),
    stored,
  };
}

/**
 * What a submitAllAtOnce run must show however the database interleaves it: every flow answered with its
 * own 受理編號, the numbers consecutive serials of the day, each stored once for its visitor's session.
 * Answers the numbers, in the visitors' order.
 */
export function expectEachStoredOnce(run: Awaited<ReturnType<typeof submitAllAtOnce>>): string[] {
  const { visitors, answers, stored } = run;
  expect(answers.map((answer) => [answer.status, answer.returnCode])).toEqual(answers.map(() => [200, 0]));
  const numbers = answers.map((answer) => answer.data.applicationNo as string);
  expect(new Set(numbers).size).toBe(visitors.length);
  const serials = numbers.map((no) => Number(no.slice(-5))).sort((a, b) => a - b);
  expect(serials).toEqual(serials.map((_, i) => serials[0]! + i));

  expect(stored).toHaveLength(visitors.length);
  for (const [i, { visitor, body }] of visitors.entries()) {
    const row = stored.find((s) => s.request_id === body.requestId);
    expect(row).toEqual({
      request_id: body.requestId,
      application_no: numbers[i],
      session_id: visitor.sessionId,
    });
  }
  return numbers;
}
