import type { LightMyRequestResponse } from 'fastify';
import type { CookieJar, TestApp } from './server';

export const CART_SERVICE = '/ODGAWeb/api/DTODGAZ0';

let visitors = 0;

/**
 * A browser calling the cart service: keeps its cookies between calls and sends the CSRF header. Each
 * visitor has its own address, so the per-address rate limits count each test's calls on their own.
 */
export class CartVisitor {
  readonly address = `10.1.${Math.floor(visitors / 250)}.${(visitors++ % 250) + 1}`;

  constructor(
    private readonly t: TestApp,
    readonly jar: CookieJar,
  ) {}

  static async arrive(t: TestApp): Promise<CartVisitor> {
    return new CartVisitor(t, await t.newVisitor());
  }

  /** POST DTODGAZ0/<verb>; `csrf: false` leaves the header out; extra headers (e.g. a forwarded proto) */
  async call(
    verb: string,
    body: unknown = {},
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers = options.csrf === false ? { cookie: this.jar.header() } : this.t.csrfHeaders(this.jar);
    const response = await this.t.app.inject({
      method: 'POST',
      url: `${CART_SERVICE}/${verb}`,
      remoteAddress: this.address,
      headers: { ...headers, ...options.headers },
      payload: body as object,
    });
    this.jar.store(response);
    return response;
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
