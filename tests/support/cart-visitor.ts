import type { Challenge } from 'altcha-lib';
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE } from '../../src/domain/envelope';
import { solvedCaptcha } from './captcha-solution';
import type { CookieJar, TestApp } from './server';

export const CART_SERVICE = `${API_BASE}/DTODGAZ0`;

let visitors = 0;

/**
 * A browser calling the cart service: keeps its cookies between calls and sends the CSRF header. Each
 * visitor has its own address, so the per-address rate limits count each test's calls on their own.
 */
export class CartVisitor {
  constructor(
    private readonly t: TestApp,
    readonly jar: CookieJar,
    readonly address = `10.1.${Math.floor(visitors / 250)}.${(visitors++ % 250) + 1}`,
  ) {}

  /** a visitor that has loaded a page; `address` shares one, as the employees of an office do */
  static async arrive(t: TestApp, address?: string): Promise<CartVisitor> {
    return new CartVisitor(t, await t.newVisitor(address), address);
  }

  /** POST DTODGAZ0/<verb>; `csrf: false` leaves the header out; extra headers (e.g. a forwarded proto) */
  call(
    verb: string,
    body: unknown = {},
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    return this.post(`${CART_SERVICE}/${verb}`, body, options);
  }

  /** POST `${API_BASE}/${path}` with the visitor's cookies and CSRF header */
  api(path: string, body: unknown): Promise<LightMyRequestResponse> {
    return this.post(`${API_BASE}/${path}`, body);
  }

  private async post(
    url: string,
    body: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers = options.csrf === false ? { cookie: this.jar.header() } : this.t.csrfHeaders(this.jar);
    const response = await this.t.app.inject({
      method: 'POST',
      url,
      remoteAddress: this.address,
      headers: { ...headers, ...options.headers },
      payload: body as object,
    });
    this.jar.store(response);
    return response;
  }

  /** GET `${API_BASE}/${path}` with the visitor's cookies */
  async read(path: string): Promise<LightMyRequestResponse> {
    const response = await this.t.app.inject({
      method: 'GET',
      url: `${API_BASE}/${path}`,
      remoteAddress: this.address,
      headers: { cookie: this.jar.header() },
    });
    this.jar.store(response);
    return response;
  }

  /** a solved captcha payload, as the widget sends it (altcha-lib, as tests/server/captcha.test.ts) */
  async captcha(): Promise<string> {
    const challenge: Challenge = (await this.read('captcha/challenge')).json().data;
    return solvedCaptcha(challenge);
  }

  /** the session id behind the signed gi_sid cookie */
  get sessionId(): string {
    return this.jar.get('gi_sid')?.split('.')[0] ?? '';
  }

  /** the cart number behind the signed gi_cart cookie; '' when none */
  get cookieCartNo(): string {
    return this.jar.get('gi_cart')?.split('.')[0] ?? '';
  }
}
