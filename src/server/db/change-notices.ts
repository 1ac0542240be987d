// What the running servers read of the database objects the migrations made. A migration keeps its own
// literals (what it made is history); tests/server/change-notices.test.ts holds the two equal.

/** The channel every change to data the servers keep in memory is announced on (db/change-feed.ts). */
export const CHANGE_CHANNEL = 'groupins_changes';

/** Tables the servers cache, each announcing its changes on the channel by its name (migration 0012). */
export const CACHED_TABLES = [
  'site_settings',
  'products',
  'packages',
  'package_products',
  'premium_rates',
] as const;

/** A cart's change is announced on the change channel as this and the cart's number (migration 0014). */
export const CART_NOTICE = 'cart ';

/** The tables a cart is read from (with the products, which the catalogue's notices cover). */
export const CART_TABLES = ['carts', 'cart_items', 'cart_item_products'] as const;

/** The sequence every change of a cart by its visitor draws the cart's next revision from (migration 0015). */
export const CART_REVISIONS = 'cart_revisions';
