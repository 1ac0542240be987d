import type { ModalPremiums, TryoutQuote } from '../../domain/api/tryout';
import { annualPerPerson, type PricedLine, quotePremium, toYuan } from '../../domain/pricing';
import type { PricedCart, PricingCatalogue } from '../shopcart/price-cart';

/**
 * The tryout's answer from a priced item (server/shopcart/price-cart.ts, the shopcart estimate's code):
 * every product on its own and the whole item, each in every payment mode. The whole is quoted once over
 * all lines, so it may differ by NT$1 from the sum of the products' rounded premiums.
 */
export function toTryoutQuote(priced: PricedCart, catalogue: PricingCatalogue): TryoutQuote {
  const { headcount } = priced;
  const lines = priced.items.flatMap((item) => item.lines);
  if (quotePremium(lines, headcount).kind === 'negotiated') return { kind: 'negotiated', headcount };
  const total = modal(lines, headcount);
  return {
    kind: 'quoted',
    headcount,
    sizeFactor: total.sizeFactor,
    lines: lines.map((line) => {
      const { annualPerPerson, premiums, monthlyPerPerson } = modal([line], headcount);
      return {
        PROD_ID: line.PROD_ID,
        PROD_NAME: line.PROD_NAME,
        sumInsured: line.sumInsured,
        daily: catalogue.products.get(line.PROD_ID)?.basis === 'daily',
        salaryMultiple: line.salaryMultiple,
        rate: line.rate,
        rateUnit: line.rateUnit,
        annualPerPerson,
        premiums,
        monthlyPerPerson,
      };
    }),
    total: {
      annualPerPerson: total.annualPerPerson,
      premiums: total.premiums,
      monthlyPerPerson: total.monthlyPerPerson,
    },
  };
}

/** The premiums of lines for a group the online quote takes (5–49 people: the group schema's and ours). */
function modal(lines: readonly PricedLine[], headcount: number): ModalPremiums & { sizeFactor: number } {
  const quote = quotePremium(lines, headcount);
  if (quote.kind !== 'quoted') throw new RangeError(`no online quote for ${headcount} people`);
  return { ...quote, annualPerPerson: toYuan(annualPerPerson(lines)) };
}
