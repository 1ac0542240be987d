import type { Kysely } from 'kysely';
import { DEFAULT_TITLE_FUNC_ID, pageTitleOf, SCREENS, SITE_NAME } from '../../domain/screens';
import { upsertMeta } from './repositories/function-meta';
import type { Database } from './schema';
import { seedCatalogue } from './seed-catalogue';
import { seedContent } from './seed-content';
import { seedSettings } from './seed-settings';

export function pageTitles(): { func_id: string; meta_value: string }[] {
  return [
    { func_id: DEFAULT_TITLE_FUNC_ID, meta_value: SITE_NAME },
    ...SCREENS.map((screen) => ({ func_id: screen.id, meta_value: pageTitleOf(screen) })),
  ];
}

/** Safe to run on every start: rows are keyed, so a second run changes nothing. */
export async function seed(db: Kysely<Database>): Promise<void> {
  await upsertMeta(
    db,
    pageTitles().map((title) => ({ ...title, meta_attr: 'title' })),
  );
  await seedCatalogue(db);
  await seedSettings(db);
  await seedContent(db);
}
