import { describe, expect, it } from 'vitest';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '../../src/domain/envelope';

describe('API envelope', () => {
  it('calls the API under /ODGAWeb/api (docs/specification.md §7)', () => {
    expect(API_BASE).toBe('/ODGAWeb/api');
  });

  it('names the CSRF cookie and header with tokens a browser sends as they are', () => {
    // RFC 6265 cookie-name (an RFC 7230 token); HTTP/2 and fetch carry header names in lower case.
    expect(CSRF_COOKIE).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
    expect(CSRF_HEADER).toMatch(/^[a-z0-9-]+$/);
    expect(CSRF_HEADER.toLowerCase()).not.toBe(CSRF_COOKIE.toLowerCase());
  });
});
