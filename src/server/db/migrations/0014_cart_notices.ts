import { type Kysely, sql } from 'kysely';
import { CHANGE_CHANNEL } from './0012_change_notices';

/** A cart's change is announced on the change channel as this and the cart's number (db/read-cache.ts). */
export const CART_NOTICE = 'cart ';

/** The tables a cart is read from (with the products, which the catalogue's notices cover). */
export const CART_TABLES = ['carts', 'cart_items', 'cart_item_products'] as const;

// Whoever changes a cart or its items (the cart service, a submit, the session purge, psql) announces that
// cart's number, so a server that keeps carts in memory drops that one cart: a row trigger, whose NOTIFY is
// delivered at commit, once per cart a transaction. An item's products name the cart through their item; when
// the item itself went (a cascade), its own trigger named the cart. A TRUNCATE names the table (0012's function):
// every cart is dropped.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  const notice = sql.lit(CART_NOTICE);
  const channel = sql.lit(CHANGE_CHANNEL);
  await sql`
    create function notify_cart_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${channel}, ${notice} || (case when TG_OP = 'DELETE' then OLD.cart_no else NEW.cart_no end));
      return null;
    end
    $$`.execute(db);
  await sql`
    create function notify_cart_item_product_change() returns trigger language plpgsql as $$
    declare
      item_cart text;
    begin
      select cart_no into item_cart from cart_items
        where class_id = (case when TG_OP = 'DELETE' then OLD.class_id else NEW.class_id end);
      if item_cart is not null then
        perform pg_notify(${channel}, ${notice} || item_cart);
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of CART_TABLES) {
    const rowFunction =
      table === 'cart_item_products' ? 'notify_cart_item_product_change' : 'notify_cart_change';
    await sql`
      create trigger ${sql.id(`${table}_cart_changed`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function ${sql.id(rowFunction)}()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_truncated`)}
      after truncate on ${sql.table(table)}
      for each statement execute function notify_cached_change()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CART_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_cart_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_truncated`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function notify_cart_item_product_change()`.execute(db);
  await sql`drop function notify_cart_change()`.execute(db);
}
