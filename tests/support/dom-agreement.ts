import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Agreement } from './path-runner';

/** What a dialog says must be within its text; the rest of a view is compared as it is. */
export function withDialogText<V extends { dialog: { says: string } | null }>(view: V) {
  if (!view.dialog) return view;
  const { says, ...dialog } = view.dialog;
  return { ...view, dialog: { ...dialog, text: expect.stringContaining(says) } };
}

/**
 * The rendered app agrees with the oracle once it has settled: retried until then (at most 10 s, since a
 * test file shares the 2-core machine with another and with its own servers).
 */
export const domAgreement =
  (expectView: (view: never) => unknown): Agreement =>
  (actual, expected) => {
    const e = expected as { view: never };
    return waitFor(async () => expect(await actual()).toEqual({ ...e, view: expectView(e.view) }), {
      timeout: 10_000,
    });
  };
