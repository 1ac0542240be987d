import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import { FLOW_STORAGE_PREFIX } from '../../lib/flow-storage';

const DRAFT_PREFIX = `${FLOW_STORAGE_PREFIX}shopcart.draft.`;

/** The roster read on STEP2 is a draft too (it is not a form value). */
export const ROSTER_DRAFT_KEY = `${DRAFT_PREFIX}roster`;

/** The values a step's form held when the page was left or reloaded, if any. */
export function readDraft<T>(form: string): T | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_PREFIX + form);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Forgets the drafts, e.g. when an application was made and a new one starts. */
export function clearDrafts(): void {
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(DRAFT_PREFIX)) sessionStorage.removeItem(key);
  }
}

/**
 * Keeps what is typed into a step's form in sessionStorage as it is typed, so a reload loses nothing
 * (the machine holds a step's values only once they are accepted). Cleared with the flows.
 */
export function FormDraft({ form }: { form: string }) {
  const { values } = useFormikContext();
  useEffect(() => {
    sessionStorage.setItem(DRAFT_PREFIX + form, JSON.stringify(values));
  }, [form, values]);
  return null;
}
