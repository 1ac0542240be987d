import { type Kysely, sql } from 'kysely';

/** The sequence every change of a cart by its visitor draws the cart's next revision from. */
export const CART_REVISIONS = 'cart_revisions';

// A cart's revision, renewed by each change its visitor makes (an item added, changed or removed, a submit)
// under the cart's row lock, so a later change always has the higher number. The cart cookie carries the
// revision of the visitor's last change: a server process keeping the cart in memory reads it again when it
// holds an older one, even before that change's notice (migration 0014) has reached it.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence ${sql.id(CART_REVISIONS)}`.execute(db);
  await db.schema
    .alterTable('carts')
    .addColumn('revision', 'bigint', (col) =>
      col.notNull().defaultTo(sql`nextval(${sql.lit(CART_REVISIONS)})`),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carts').dropColumn('revision').execute();
  await sql`drop sequence ${sql.id(CART_REVISIONS)}`.execute(db);
}
