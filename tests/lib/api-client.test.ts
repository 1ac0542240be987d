// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, apiGet, apiPost, NETWORK_FAILURE_MESSAGE } from '../../src/lib/api-client';
import { pendingCalls } from '../../src/lib/pending-calls';

const answer = (body: unknown, status = 200) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves with data when returnCode is 0', async () => {
    vi.stubGlobal('fetch', answer({ returnCode: 0, data: [1, 2], msg: '' }));
    await expect(apiGet('x')).resolves.toEqual([1, 2]);
  });

  it('rejects with the server returnCode, message and data otherwise', async () => {
    vi.stubGlobal('fetch', answer({ returnCode: 1, data: 'modalCartItemError', msg: '' }));
    await expect(apiGet('x')).rejects.toMatchObject({ returnCode: 1, data: 'modalCartItemError' });
    vi.stubGlobal('fetch', answer({ returnCode: 400, data: null, msg: '統一編號格式錯誤' }, 400));
    await expect(apiPost('x', {})).rejects.toMatchObject({ returnCode: 400, message: '統一編號格式錯誤' });
  });

  it('answers a body that is no JSON with a rejection, never a throw (a trace sent from a timer catches it)', async () => {
    const fetch = answer({ returnCode: 0, data: null, msg: '' });
    vi.stubGlobal('fetch', fetch);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    let sent: Promise<unknown> | undefined;
    expect(() => {
      sent = apiPost('x', circular);
    }).not.toThrow();
    await expect(sent).rejects.toBeInstanceOf(TypeError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns a network failure and a non-JSON gateway answer into failures the visitor can read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('x')).rejects.toEqual(new ApiFailure(-1, NETWORK_FAILURE_MESSAGE));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502</html>', { status: 502 })),
    );
    await expect(apiGet('x')).rejects.toMatchObject({ returnCode: 502, message: '系統忙碌中，請稍後再試' });
  });

  it('counts a call for the overlay only when asked, and always stops counting', async () => {
    let seen = -1;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        seen = pendingCalls.count();
        throw new TypeError('Failed to fetch');
      }),
    );
    await apiGet('x', undefined, { overlay: true }).catch(() => undefined);
    expect(seen).toBe(1);
    expect(pendingCalls.count()).toBe(0);
    await apiGet('x').catch(() => undefined);
    expect(seen).toBe(0);
  });
});
