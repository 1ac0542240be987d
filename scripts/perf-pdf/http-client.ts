import { Agent, request } from 'node:http';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '../../src/domain/envelope';

/** An answer's status and its Retry-After in seconds (0 without one); its body is read and dropped. */
export interface Answer {
  status: number;
  retryAfter: number;
}

/**
 * A browser of scripts/perf-pdf.ts over plain node:http, from a local address of its own so that the
 * server holds it to every limit of that address: its cookies kept between calls, the CSRF header on a
 * POST. `sockets` is how many requests it may have open at once.
 */
export class HttpClient {
  readonly #agent: Agent;
  readonly #cookies = new Map<string, string>();

  constructor(
    private readonly origin: string,
    localAddress: string,
    sockets = 1,
  ) {
    this.#agent = new Agent({ keepAlive: true, maxSockets: sockets, localAddress });
  }

  /** the home page: a visitor session's cookies */
  async arrive(): Promise<void> {
    await this.#send('GET', '/groupins/');
  }

  /** GET `${API_BASE}/${path}` */
  get(path: string): Promise<Answer> {
    return this.#send('GET', `${API_BASE}/${path}`);
  }

  /** POST `${API_BASE}/${path}` with the CSRF header */
  post(path: string, body: unknown): Promise<Answer> {
    return this.#send('POST', `${API_BASE}/${path}`, body);
  }

  close(): void {
    this.#agent.destroy();
  }

  #send(method: string, path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const outgoing = request(`${this.origin}${path}`, {
        method,
        agent: this.#agent,
        headers: {
          cookie,
          ...(payload
            ? { 'content-type': 'application/json', [CSRF_HEADER]: this.#cookies.get(CSRF_COOKIE) ?? '' }
            : {}),
        },
      });
      outgoing.on('response', (response) => {
        for (const line of response.headers['set-cookie'] ?? []) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: Number(response.headers['retry-after'] ?? 0),
          }),
        );
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
}
