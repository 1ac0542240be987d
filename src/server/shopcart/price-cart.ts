import type { CartEstimate } from '../../domain/api/shopcart';
import { type CartClass, isSalaryMultipleLine, SOURCE_CODES } from '../../domain/cart-item';
import { salaryCellMultiple } from '../../domain/catalogue';
import {
  type AgeProfile,
  averageRate,
  GROUP_SIZE,
  type PricedLine,
  quotePremium,
  type RateBand,
  salaryMultipleAmount,
} from '../../domain/pricing';

/*
 * The premium of the visitor's cart for a group (shopcart estimate, and the copy a submitted application
 * keeps), with src/domain/pricing.ts and nothing else:
 *  - each line's sum insured per person: a flat line's FACE_AMT (日額 for GHD); a salary-multiple line's
 *    salaryMultipleAmount(average monthly salary, multiple, cap). A package line's multiple and cap are
 *    the package's (package_products); a salary cell's multiple is the one its title carries
 *    (salaryCellTitle, STEP1's chooser), else the product's default, and its cap is the product's maximum;
 *  - each line's rate: the group's average rate (平均保險費率, docs/domain.md §2.1, averageRate): age-rated
 *    products at the plan's average age or over its age bands, class-rated ones at the occupation class;
 *  - quotePremium over the headcount: each item on its own, and the whole cart. The total is quoted once
 *    over all lines, so it may differ by NT$1 from the sum of the items' rounded premiums.
 * Which lines are salary multiples follows the item check (cart/validate-item.ts): package items by their
 * package line's SPC_RATE_MARK, cells by the product's basis.
 */

/** A product as pricing needs it. */
export interface PricingProduct {
  prodId: string;
  name: string;
  basis: 'flat' | 'salary' | 'flat_or_salary' | 'daily';
  prodCat: number;
  prodKind: number;
  maxAmount: number;
  defaultSalaryMultiple: number | null;
  rateDriver: 'age' | 'class';
  rateUnit: number;
  rates: readonly RateBand[];
}

/** A package line (package_products) by product id. */
export interface PricingPackageLine {
  spcRateMark: number;
  salaryMultiple: number | null;
  amountCap: number | null;
}

export interface PricingCatalogue {
  products: ReadonlyMap<string, PricingProduct>;
  /** every package's lines, by package name (an item's CLASS_TITLE names its package) */
  packages: ReadonlyMap<string, readonly ReadonlyMap<string, PricingPackageLine>[]>;
}

/** The group the cart is priced for (the shopcart's STEP1 plan, or the tryout's group). */
export interface PricingPlan {
  headcount: number;
  occupationClass: number;
  ages: AgeProfile;
  /** NT$ a month; needed when the cart holds a salary-multiple line */
  averageSalary?: number;
}

/** A product line as priced: what an application stores. */
export interface PricedCartLine {
  PROD_ID: string;
  PROD_NAME: string;
  ORDER_SEQ: number;
  FACE_AMT: number;
  /** the multiple of the monthly salary, on salary-multiple lines */
  salaryMultiple: number | null;
  /** NT$ (or 日額) per person */
  sumInsured: number;
  rate: number;
  rateUnit: number;
}

export interface PricedCartItem {
  CLASS_ID: number;
  CLASS_TITLE: string;
  SOURCE_CODE: CartClass['SOURCE_CODE'];
  IS_SLRY_MLTPL: 'Y' | 'N';
  /** whole NT$ a year for the group; null unless quoted */
  annual: number | null;
  /** whole NT$ a month (monthly mode) per person; null unless quoted */
  monthlyPerPerson: number | null;
  lines: PricedCartLine[];
}

export interface PricedCart {
  kind: CartEstimate['kind'];
  headcount: number;
  items: PricedCartItem[];
  total: { annual: number | null; monthlyPerPerson: number | null };
}

/** The catalogue lacks what a line needs (a product or a rate band): a data error, not the visitor's. */
export class PricingError extends Error {}

export function priceCart(
  classes: readonly CartClass[],
  catalogue: PricingCatalogue,
  plan: PricingPlan,
): PricedCart {
  const items = classes.map((item) => {
    const lines = priceItem(item, catalogue, plan);
    return {
      CLASS_ID: item.CLASS_ID,
      CLASS_TITLE: item.CLASS_TITLE,
      SOURCE_CODE: item.SOURCE_CODE,
      IS_SLRY_MLTPL: item.IS_SLRY_MLTPL,
      ...premiums(lines, plan.headcount),
      lines,
    };
  });
  const { kind, ...total } = premiums(
    items.flatMap((item) => item.lines),
    plan.headcount,
  );
  return { kind, headcount: plan.headcount, items: items.map(({ kind: _, ...item }) => item), total };
}

/** The answer of shopcart/estimate: the priced cart without its lines; items and totals only when quoted. */
export function toEstimate(priced: PricedCart): CartEstimate {
  const { headcount, total } = priced;
  if (priced.kind === 'negotiated') return { kind: 'negotiated', headcount };
  if (priced.kind === 'tooSmall' || total.annual === null || total.monthlyPerPerson === null) {
    return { kind: 'tooSmall', headcount, min: GROUP_SIZE.min };
  }
  return {
    kind: 'quoted',
    headcount,
    items: priced.items.map(({ CLASS_ID, CLASS_TITLE, annual, monthlyPerPerson }) => ({
      CLASS_ID,
      CLASS_TITLE,
      annual: annual ?? 0,
      monthlyPerPerson: monthlyPerPerson ?? 0,
    })),
    total: { annual: total.annual, monthlyPerPerson: total.monthlyPerPerson },
  };
}

function premiums(lines: readonly PricedLine[], headcount: number) {
  const quote = quotePremium(lines, headcount);
  if (quote.kind !== 'quoted') return { kind: quote.kind, annual: null, monthlyPerPerson: null };
  return {
    kind: quote.kind,
    annual: quote.premiums.annual,
    monthlyPerPerson: quote.monthlyPerPerson,
  };
}

function priceItem(item: CartClass, catalogue: PricingCatalogue, plan: PricingPlan): PricedCartLine[] {
  const packageLines = packageOf(item, catalogue);
  return item.PROD_LIST.map((line) => {
    const product = catalogue.products.get(line.PROD_ID);
    if (!product) throw new PricingError(`no product ${line.PROD_ID}`);
    const multiple = salaryMultipleOf(item, line, product, packageLines);
    let sumInsured = line.FACE_AMT;
    if (multiple) {
      if (plan.averageSalary === undefined) throw new PricingError('a salary-multiple line needs the salary');
      sumInsured = Math.round(salaryMultipleAmount(plan.averageSalary, multiple.multiple, multiple.cap));
    }
    const rate = averageRate(product, plan);
    if (rate === undefined) throw new PricingError(`no rate band of ${product.prodId} for the plan`);
    return {
      PROD_ID: line.PROD_ID,
      PROD_NAME: line.PROD_NAME,
      ORDER_SEQ: line.ORDER_SEQ,
      FACE_AMT: line.FACE_AMT,
      salaryMultiple: multiple?.multiple ?? null,
      sumInsured,
      rate,
      rateUnit: product.rateUnit,
    };
  });
}

/** The lines of the package an item is (PKG, or REC naming a package); null for a cell. */
function packageOf(item: CartClass, catalogue: PricingCatalogue) {
  if (item.SOURCE_CODE === SOURCE_CODES.cell) return null;
  const named = catalogue.packages.get(item.CLASS_TITLE) ?? [];
  const lines = named.find((pkg) => item.PROD_LIST.every((line) => pkg.has(line.PROD_ID)));
  if (!lines && item.SOURCE_CODE === SOURCE_CODES.package) {
    throw new PricingError(`no package named by a PKG item`);
  }
  return lines ?? null;
}

function salaryMultipleOf(
  item: CartClass,
  line: CartClass['PROD_LIST'][number],
  product: PricingProduct,
  packageLines: ReadonlyMap<string, PricingPackageLine> | null,
): { multiple: number; cap: number | null } | null {
  if (packageLines) {
    const packageLine = packageLines.get(line.PROD_ID)!;
    const salary = isSalaryMultipleLine({
      SPC_RATE_MARK: packageLine.spcRateMark,
      PROD_CAT: product.prodCat,
      PROD_KIND: product.prodKind,
    });
    if (!salary) return null;
    return {
      multiple: packageLine.salaryMultiple ?? defaultMultiple(product),
      cap: packageLine.amountCap ?? product.maxAmount,
    };
  }
  const salary = product.basis === 'salary' || (product.basis === 'flat_or_salary' && line.FACE_AMT === 1);
  if (!salary) return null;
  return {
    multiple: salaryCellMultiple(item.CLASS_TITLE) ?? defaultMultiple(product),
    cap: product.maxAmount,
  };
}

function defaultMultiple(product: PricingProduct): number {
  if (product.defaultSalaryMultiple === null) {
    throw new PricingError(`no salary multiple for ${product.prodId}`);
  }
  return product.defaultSalaryMultiple;
}
