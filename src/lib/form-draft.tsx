import { useFormikContext } from 'formik';
import { useEffect } from 'react';
import { FLOW_STORAGE_PREFIX } from './flow-storage';

/*
 * What is typed into a flow's forms is kept in sessionStorage as it is typed, so a reload loses nothing
 * (a flow's machine holds a step's values only once they are accepted). The drafts sit under the flows'
 * prefix, so /back2Home and the end of the session forget them with the flows.
 */

const draftPrefix = (flow: string) => `${FLOW_STORAGE_PREFIX}${flow}.draft.`;

/** The values a form of `flow` held when the page was left or reloaded, if any. */
export function readDraft<T>(flow: string, form: string): T | null {
  try {
    const raw = sessionStorage.getItem(draftPrefix(flow) + form);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Keeps a draft that is not a form's values (e.g. a file read on the page). */
export function writeDraft(flow: string, form: string, value: unknown): void {
  sessionStorage.setItem(draftPrefix(flow) + form, JSON.stringify(value));
}

/** Forgets the drafts of `flow`, e.g. when a new application or trial starts. */
export function clearDrafts(flow: string): void {
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(draftPrefix(flow))) sessionStorage.removeItem(key);
  }
}

/** Inside a Formik form: keeps its values as the draft `form` of `flow`. */
export function FormDraft({ flow, form }: { flow: string; form: string }) {
  const { values } = useFormikContext();
  useEffect(() => writeDraft(flow, form, values), [flow, form, values]);
  return null;
}

/** A value a flow's machine kept, as a form's text field starts with it ('' for none). */
export const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value);
