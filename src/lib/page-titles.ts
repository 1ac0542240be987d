import { DEFAULT_TITLE_FUNC_ID, SITE_NAME } from '../domain/screens';
import { apiGet } from './api-client';

interface MetaRow {
  func_id: string;
  meta_value: string;
}

let titles: Promise<Map<string, string>> | undefined;

/** Page titles from the server, loaded once and kept; a failed load is retried on the next navigation. */
export function loadTitles(): Promise<Map<string, string>> {
  titles ??= apiGet<MetaRow[]>('functionMeta/queryAllMeta', { meta_attr: 'title' }).then(
    (rows) => new Map(rows.map((row) => [row.func_id, row.meta_value])),
    (error: unknown) => {
      titles = undefined;
      throw error;
    },
  );
  return titles;
}

/** The title of a screen, else the site default (func_id groupins_index), else the site name. */
export function titleFor(table: ReadonlyMap<string, string>, screenId: string | undefined): string {
  return (screenId && table.get(screenId)) || table.get(DEFAULT_TITLE_FUNC_ID) || SITE_NAME;
}

/** Sets document.title for a screen; when the titles cannot be loaded the current title stays. */
export async function applyTitle(screenId: string | undefined): Promise<void> {
  try {
    document.title = titleFor(await loadTitles(), screenId);
  } catch {
    // docs/specification.md §7: a failed title call is a silent failure
  }
}
