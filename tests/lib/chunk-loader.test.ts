import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../src/lib/chunk-loader';

const failedImport = () =>
  Promise.reject(
    new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/groupins/assets/home-abc.js',
    ),
  );

describe('loadChunk', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives the module when it loads', async () => {
    await expect(loadChunk('ODGAF000', async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('names the chunk and "timeout" when no answer comes within 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('ODGAF041', () => new Promise(() => {}));
    const settled = expect(pending).rejects.toMatchObject({ chunk: 'ODGAF041', failure: 'timeout' });
    await vi.advanceTimersByTimeAsync(119_999);
    let done = false;
    void pending.catch(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it('says "missing" when the chunk file answers 404', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    const error = await loadChunk('ODGAF000', failedImport).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ chunk: 'ODGAF000', failure: 'missing' });
    expect(fetchMock).toHaveBeenCalledWith(
      'http://localhost/groupins/assets/home-abc.js',
      expect.objectContaining({ method: 'HEAD' }),
    );
  });

  it('says "network" when the file cannot be reached at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loadChunk('ODGAF000', failedImport)).rejects.toMatchObject({ failure: 'network' });
  });

  it('says "error" when the file is there but the module still failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 200 })),
    );
    await expect(loadChunk('ODGAF000', failedImport)).rejects.toMatchObject({ failure: 'error' });
    await expect(loadChunk('ODGAF000', () => Promise.reject(new SyntaxError('bad')))).rejects.toMatchObject({
      failure: 'error',
    });
  });
});
