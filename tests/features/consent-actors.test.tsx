import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { liveConsentMachine } from '../../src/features/consent/consent-actors';
import { envelope } from '../support/render-app';

const start = () => createActor(liveConsentMachine).start();

describe('the consent machine bound to the browser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks a first-time visitor', async () => {
    vi.stubGlobal('fetch', vi.fn());
    expect((await waitFor(start(), (s) => s.value !== 'checking')).value).toBe('asking');
  });

  it('asks when the document may not read cookies (a sandboxed frame throws)', async () => {
    vi.stubGlobal('fetch', vi.fn());
    vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    });
    expect((await waitFor(start(), (s) => s.value !== 'checking')).value).toBe('asking');
  });

  it('does not ask a visitor whose privacy cookie says Y, and renews the cookie', async () => {
    document.cookie = 'OI_Privacy_CHECK=Y; path=/';
    const set = vi.spyOn(document, 'cookie', 'set');
    expect((await waitFor(start(), (s) => s.value !== 'checking')).value).toBe('accepted');
    expect(set).toHaveBeenCalledWith(expect.stringMatching(/^OI_Privacy_CHECK=Y; Max-Age=315360000;/));
  });

  it('on accept stores OI_Privacy_CHECK=Y for 3650 days and records the consent with the CSRF header', async () => {
    document.cookie = 'XSRF-TOKEN=token-1; path=/';
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      writes.push(value);
      descriptor.set!.call(this, value);
    });
    const fetchMock = vi.fn(async () => envelope({ acceptedAt: '2026-11-21T00:00:00Z' }));
    vi.stubGlobal('fetch', fetchMock);
    const actor = start();
    await waitFor(actor, (s) => s.value === 'asking');
    actor.send({ type: 'consent.accept' });
    await waitFor(actor, (s) => s.value === 'accepted');
    expect(writes).toContainEqual(
      expect.stringMatching(/^OI_Privacy_CHECK=Y; Max-Age=315360000; Path=\/; SameSite=Lax/),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ODGAWeb/api/consent/accept');
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('token-1');
    expect(JSON.parse(String(init.body))).toEqual({ version: CONSENT_VERSION, client_device: 'Desktop' });
  });

  it('keeps the acceptance when the server cannot record it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null, 500, '系統忙碌中，請稍後再試', 500)),
    );
    const actor = start();
    await waitFor(actor, (s) => s.value === 'asking');
    actor.send({ type: 'consent.accept' });
    expect((await waitFor(actor, (s) => s.value !== 'saving')).value).toBe('accepted');
  });

  it('fails, so the banner can say so, when the browser blocks cookies', async () => {
    vi.stubGlobal('fetch', vi.fn());
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('');
    vi.spyOn(document, 'cookie', 'set').mockImplementation(() => {});
    const actor = start();
    await waitFor(actor, (s) => s.value === 'asking');
    actor.send({ type: 'consent.accept' });
    expect((await waitFor(actor, (s) => s.value !== 'saving')).value).toBe('failed');
  });
});
