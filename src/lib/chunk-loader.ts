import { CHUNK_LOAD_TIMEOUT_MS } from '../domain/constants';

export type ChunkFailure = 'timeout' | 'missing' | 'network' | 'error';

/** A route chunk that could not be loaded, naming the chunk and why (docs/specification.md §8). */
export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly failure: ChunkFailure,
  ) {
    super(`Loading chunk ${chunk} failed (${failure})`);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Loads a lazily imported module, turning every way it can fail into a ChunkLoadError: no answer within
 * the time-out, the file is gone (a newer build was deployed), the network failed, or anything else.
 */
export async function loadChunk<T>(
  chunk: string,
  importer: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
  });
  try {
    return await Promise.race([importer(), timeout]);
  } catch (error) {
    if (error instanceof ChunkLoadError) throw error;
    throw new ChunkLoadError(chunk, await classify(error));
  } finally {
    clearTimeout(timer);
  }
}

/** Browsers report every failed dynamic import alike; asking for the file again tells 404 from no network. */
async function classify(error: unknown): Promise<ChunkFailure> {
  const url = error instanceof Error ? /https?:\/\/\S+\.js/.exec(error.message)?.[0] : undefined;
  if (!url) return 'error';
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 ? 'missing' : 'error';
  } catch {
    return 'network';
  }
}
