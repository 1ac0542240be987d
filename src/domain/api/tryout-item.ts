import { SOURCE_CODES } from '../cart-item';
import { choice } from '../validation/fields';
import { insertCartSchema } from './cart-service';

// What a trial prices, apart from the trial's group rules: the contact form's quote request reads these too
// and should not download the rest of the tryout's schemas.

/** The most people a trial takes: beyond 49 it is answered 「請洽專人報價」, but any real group may ask. */
export const TRYOUT_HEADCOUNT_MAX = 9_999;

/** The cart item a trial prices: a package (PKG) or the chosen cells as one item (CELL). */
export const tryoutItemSchema = insertCartSchema.shape({
  SOURCE_CODE: choice('來源')
    .required()
    .oneOf([SOURCE_CODES.package, SOURCE_CODES.cell] as const),
});
