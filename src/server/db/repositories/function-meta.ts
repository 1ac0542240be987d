import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export interface MetaEntry {
  func_id: string;
  meta_value: string;
}

export function listMetaByAttr(db: Kysely<Database>, metaAttr: string): Promise<MetaEntry[]> {
  return db
    .selectFrom('function_meta')
    .select(['func_id', 'meta_value'])
    .where('meta_attr', '=', metaAttr)
    .orderBy('func_id')
    .execute();
}

export async function upsertMeta(
  db: Kysely<Database>,
  entries: { func_id: string; meta_attr: string; meta_value: string }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('function_meta')
    .values(entries)
    .onConflict((conflict) =>
      conflict
        .columns(['func_id', 'meta_attr'])
        .doUpdateSet((eb) => ({ meta_value: eb.ref('excluded.meta_value') })),
    )
    .execute();
}
