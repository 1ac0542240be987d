import type { Kysely } from 'kysely';
import { shapeInput } from '../../domain/api/parse-input';
import { groupProfile, groupSchema, quoteRequestSchema, type TryoutQuote } from '../../domain/api/tryout';
import { applicationRules } from '../../domain/application-rules';
import { NEW_CART } from '../../domain/cart-item';
import { RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import { taipeiDate } from '../../domain/roc-date';
import { pricingCatalogue } from '../db/repositories/applications';
import { checkItemAlone, describeItem } from '../db/repositories/cart-item-checks';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import type { RoutesPlugin } from '../route-input';
import { priceCart } from '../shopcart/price-cart';
import { toTryoutQuote } from '../tryout/quote-item';

/**
 * The premium trial (ODGAF070-072): `POST tryout/quote` prices STEP1's choice, sent as the cart item it
 * would become, for STEP2's group, from the rates in the database with the shopcart estimate's code. An
 * item the catalogue refuses (an amount off its steps, a rider without its main product) answers the item
 * check's reason; a group the rules refuse answers 400 naming the field. Nothing is stored.
 */
export const tryoutRoutes: RoutesPlugin<{
  db: Kysely<Database>;
  /** the clock the labor-insurance salary table in force is read by */
  now: () => Date;
}> = async (app, { db, now }) => {
  app.post('/tryout/quote', { schema: { body: quoteRequestSchema } }, async (request) => {
    const { item, group: rawGroup } = request.body;
    const refusal = await checkItemAlone(db, item);
    if (refusal) return fail(RETURN_CODE.refused, refusal, 'modalCartItemError');
    const described = await describeItem(db, item);
    const rules = applicationRules({ ...NEW_CART, CLASS_LIST: [described] });
    // every product's join ages overlap for any item the catalogue offers; an item whose do not is refused
    if (!rules.ages) return fail(RETURN_CODE.refused, messages.joinAgesDisjoint());
    // the group's rules depend on the item: checked here, once the item says what it needs
    const group = await groupSchema.validate(shapeInput(groupSchema, rawGroup), {
      context: { today: taipeiDate(now()), ages: rules.ages, needsSalary: rules.needsSalary },
    });
    const classes = [described];
    const catalogue = await pricingCatalogue(db, classes);
    const priced = priceCart(classes, catalogue, groupProfile(group, rules.ages));
    return ok<TryoutQuote>(toTryoutQuote(priced, catalogue));
  });
};
