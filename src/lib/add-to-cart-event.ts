import type { CartEmitted } from '../../machines/cart.machine';
import { SOURCE_CODES } from '../domain/cart-item';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const CATEGORY: Record<string, string> = {
  [SOURCE_CODES.package]: '團體保險方案',
  [SOURCE_CODES.cell]: '單項保障',
  [SOURCE_CODES.recommendation]: '方案推薦',
};

/** docs/specification.md §4: an add_to_cart analytics event, in GA4's ecommerce shape, for the tag manager's dataLayer. */
export function pushAddToCart({ item, pkg }: CartEmitted): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ ecommerce: null }); // GA4: clear the previous ecommerce object first
  window.dataLayer.push({
    event: 'add_to_cart',
    ecommerce: {
      items: [
        {
          item_id: pkg.PACK_ID,
          item_name: item.CLASS_TITLE,
          item_category: CATEGORY[item.SOURCE_CODE],
          item_variant: item.PROD_LIST.map((line) => line.PROD_ID).join('+'),
          quantity: 1,
        },
      ],
    },
  });
}
