import { createHash } from 'node:crypto';
import type { ApplicationRecord, OverprintDocument } from '../../domain/api/overprint';
import type { RenderJob } from './render-pool';

/** A printed copy: its bytes and the time printed on every page (the flow lists each copy by it). */
export interface PrintedCopy {
  pdf: Buffer;
  printedAt: Date;
}

export interface PrintCacheOptions {
  render(job: RenderJob): Promise<Buffer>;
  /** how long a copy is handed out again */
  ttlMs: number;
  /** the most bytes of PDFs kept; the least recently printed go first */
  maxBytes: number;
  now?: () => number;
}

/** 10 minutes: a visitor printing again, or a second click, gets the copy it just printed. */
export const PRINT_CACHE_TTL_MS = 10 * 60_000;
/** Over 100 copies: a 要保書 and 摘要 stay under 300 KB (tests/server/overprint-pdf.test.ts). */
export const PRINT_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  copy: Promise<PrintedCopy>;
  expiresAt: number;
  bytes: number;
}

/**
 * Prints a document once per (application, its data, the chosen documents) within the window: the same
 * request again, or at the same time, gets the same copy, its printed time included, without rendering.
 * The key is a hash of the record as read for this request, so any change to what the documents print
 * (a status moved on, a corrected field) prints a new copy. Bounded in bytes; a failed render is not kept.
 */
export function createPrintCache({ render, ttlMs, maxBytes, now = Date.now }: PrintCacheOptions) {
  const entries = new Map<string, Entry>();
  let total = 0;

  function drop(key: string, entry: Entry): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    total -= entry.bytes;
  }

  function keep(key: string, entry: Entry, bytes: number): void {
    if (entries.get(key) !== entry) return;
    const at = now();
    for (const [other, old] of entries) if (old.expiresAt <= at) drop(other, old);
    if (bytes > maxBytes) {
      drop(key, entry);
      return;
    }
    entry.bytes = bytes;
    total += bytes;
    for (const [other, old] of entries) {
      if (total <= maxBytes) break;
      if (old !== entry) drop(other, old);
    }
  }

  return {
    print(
      record: ApplicationRecord,
      documents: readonly OverprintDocument[],
      printedAt: Date,
    ): Promise<PrintedCopy> {
      const key = copyKey(record, documents);
      const found = entries.get(key);
      if (found && found.expiresAt > now()) {
        // the most recently printed last: eviction takes the oldest first
        entries.delete(key);
        entries.set(key, found);
        return found.copy;
      }
      if (found) drop(key, found);
      const entry: Entry = {
        copy: render({ record, documents, printedAt }).then((pdf) => ({ pdf, printedAt })),
        expiresAt: now() + ttlMs,
        bytes: 0,
      };
      entries.set(key, entry);
      entry.copy.then(
        ({ pdf }) => keep(key, entry, pdf.byteLength),
        () => drop(key, entry),
      );
      return entry.copy;
    },
  };
}

export type PrintCache = ReturnType<typeof createPrintCache>;

/** The application as read now and the documents chosen, in any order: the copy's identity. */
function copyKey(record: ApplicationRecord, documents: readonly OverprintDocument[]): string {
  const chosen = [...new Set(documents)].sort();
  return createHash('sha256')
    .update(JSON.stringify([record, chosen]))
    .digest('base64url');
}
