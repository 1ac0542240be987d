import type { Challenge } from 'altcha-lib';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import { buildCartItem } from '../../src/domain/cart-item';
import { type CatalogueCell, type CataloguePackage, cellPackage } from '../../src/domain/catalogue';
import { API_BASE, type ApiEnvelope, CSRF_COOKIE, CSRF_HEADER } from '../../src/domain/envelope';
import { solvedCaptcha } from './captcha-solution';
import { validSubmission } from './shopcart-input';

/** An API call's HTTP status and its envelope. */
export interface HttpAnswer<T = unknown> {
  status: number;
  body: ApiEnvelope<T>;
}

/** Hears every answer: the call (a verb or an API path), its HTTP status and how long it took. */
export type AnswerObserver = (call: string, status: number, ms: number) => void;

/**
 * A browser's calls to a running server over HTTP (the built server in a child process): keeps its
 * cookies between calls, as the browser keeps them for the site, and sends the CSRF header on a POST.
 * The origin is the server's; a server restarted on the same port keeps the visitor's cookies valid when
 * it keeps its session secret (the same DATA_DIR or SESSION_SECRET).
 */
export class HttpVisitor {
  readonly #cookies = new Map<string, string>();

  constructor(
    readonly origin: string,
    private readonly observe: AnswerObserver = () => {},
  ) {}

  /** a visitor that has loaded the home page: its cookies hold gi_sid and XSRF-TOKEN */
  static async arrive(origin: string, observe?: AnswerObserver): Promise<HttpVisitor> {
    const visitor = new HttpVisitor(origin, observe);
    await visitor.#send('page', `${origin}/groupins/`, { method: 'GET' });
    return visitor;
  }

  /** GET `${API_BASE}/${path}` */
  get<T>(path: string): Promise<HttpAnswer<T>> {
    return this.#api<T>(path, { method: 'GET' });
  }

  /** GET `${API_BASE}/${path}` of a file (a CSV export): its HTTP status and text */
  download(path: string): Promise<{ status: number; text: string }> {
    return this.#send(path.replace(/\?.*$/, ''), `${this.origin}${API_BASE}/${path}`, { method: 'GET' });
  }

  /** POST `${API_BASE}/${path}` with the CSRF header */
  post<T>(path: string, body: unknown): Promise<HttpAnswer<T>> {
    return this.#api<T>(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: this.#cookies.get(CSRF_COOKIE) ?? '' },
      body: JSON.stringify(body),
    });
  }

  /** POST DTODGAZ0/<verb> (the cart service, docs/specification.md §7) */
  cart<T>(verb: string, body: unknown = {}): Promise<HttpAnswer<T>> {
    return this.post<T>(`DTODGAZ0/${verb}`, body);
  }

  /** a new challenge, solved as the widget solves it */
  async captcha(): Promise<string> {
    const answer = await this.get<Challenge>('captcha/challenge');
    if (answer.body.returnCode !== 0) throw new Error(`captcha/challenge answered ${answer.status}`);
    return solvedCaptcha(answer.body.data);
  }

  /** insertCart of a seeded package by id (BASIC, ADVANCED, …) */
  async insertPackage(packId: string): Promise<HttpAnswer<string>> {
    const pack = await this.get<CataloguePackage>(`catalogue/queryPackage?PACK_ID=${packId}`);
    return this.cart<string>('insertCart', buildCartItem(pack.body.data, 'PKG', this.cartNo));
  }

  /** insertCart of a seeded product (from catalogue/queryCells) as a cell at an amount */
  insertCell(cell: CatalogueCell, choice: number): Promise<HttpAnswer<string>> {
    return this.cart<string>('insertCart', buildCartItem(cellPackage(cell, choice), 'CELL', this.cartNo));
  }

  /** the session id behind the signed gi_sid cookie */
  get sessionId(): string {
    return this.#cookies.get('gi_sid')?.split('.')[0] ?? '';
  }

  /** the cart number behind the signed gi_cart cookie; '' when none */
  get cartNo(): string {
    return this.#cookies.get('gi_cart')?.split('.')[0] ?? '';
  }

  async #api<T>(path: string, init: RequestInit): Promise<HttpAnswer<T>> {
    const call = path.replace(/^DTODGAZ0\//, '').replace(/\?.*$/, '');
    const { status, text } = await this.#send(call, `${this.origin}${API_BASE}/${path}`, init);
    try {
      return { status, body: JSON.parse(text) as ApiEnvelope<T> };
    } catch {
      throw new Error(`${call} answered ${status} outside the envelope`);
    }
  }

  /** one request, its cookies kept; answers its status and whole body (the time observed includes it) */
  async #send(call: string, url: string, init: RequestInit): Promise<{ status: number; text: string }> {
    const started = performance.now();
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, headers: { ...init.headers, cookie } });
    const text = await response.text();
    this.observe(call, response.status, performance.now() - started);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      // a cleared cookie comes back empty with Max-Age=0: the browser drops it
      if (/;\s*max-age=0/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, pair.slice(at + 1));
    }
    return { status: response.status, text };
  }
}

/**
 * A company applies for 基本型 on a running server through the cart service, as applyForBasic does on the
 * test app (tests/support/shopcart.ts): its 受理編號.
 */
export async function applyForBasicOverHttp(origin: string): Promise<string> {
  const visitor = await HttpVisitor.arrive(origin);
  const added = await visitor.insertPackage('BASIC');
  if (added.body.returnCode !== 0) throw new Error(`insertCart BASIC: ${added.body.msg}`);
  const answer = await visitor.post<{ applicationNo: string }>('shopcart/submitApplication', {
    ...validSubmission(),
    captcha: await visitor.captcha(),
  });
  if (answer.body.returnCode !== 0) throw new Error(`submitApplication: ${answer.body.msg}`);
  return answer.body.data.applicationNo;
}

/** A company writes to the insurer through 聯絡我們 on a running server, as contact/submit takes it: its 案件編號. */
export async function sendContactOverHttp(
  origin: string,
  email = SAMPLE_CONTACT_MESSAGE.email,
): Promise<string> {
  const visitor = await HttpVisitor.arrive(origin);
  const answer = await visitor.post<{ contactNo: string }>('contact/submit', {
    requestId: crypto.randomUUID(),
    message: { ...SAMPLE_CONTACT_MESSAGE, email },
    captcha: await visitor.captcha(),
  });
  if (answer.body.returnCode !== 0) throw new Error(`contact/submit: ${answer.body.msg}`);
  return answer.body.data.contactNo;
}
