import type { InsertCart } from '../../domain/api/cart-service';
import { isSalaryMultipleLine, SOURCE_CODES } from '../../domain/cart-item';
import { salaryCellMultiple } from '../../domain/catalogue';
import { messages } from '../../domain/messages';

/** What the item check needs of a product (catalogue `products`). */
export interface ProductFacts {
  prodId: string;
  name: string;
  isAcc: 'Y' | 'N';
  requiresProdId: string | null;
  basis: 'flat' | 'salary' | 'flat_or_salary' | 'daily';
  prodCat: number;
  prodKind: number;
  minAmount: number;
  maxAmount: number;
  amountStep: number;
  /** the multiples a salary cell may be bought at (products.salary_multiple_*); absent: not checked */
  salaryMultiples?: { min: number; max: number; step: number } | null;
}

/** A package's lines by product id, with how each line is rated (`package_products.spc_rate_mark`). */
export type PackageMarks = ReadonlyMap<string, number>;

export interface ItemContext {
  /** the cart number in the visitor's cookie; '' when none */
  visitorCartNo: string;
  /** the item's products and the main products their riders need, by id */
  products: ReadonlyMap<string, ProductFacts>;
  /** the packages named by the item's CLASS_TITLE */
  packages: readonly PackageMarks[];
  /** products already in the cart */
  cartProductIds: ReadonlySet<string>;
}

type Line = InsertCart['PROD_LIST'][number];

/**
 * Whether an item may go into the cart; the refusal's message (Traditional Chinese) when not.
 * A package item (SOURCE_CODE PKG, or REC naming a package) takes each line's salary-multiple rating
 * from the package line (SPC_RATE_MARK with the product's PROD_CAT and PROD_KIND, docs/specification.md §9); a cell
 * takes it from the product's basis: 'salary' always, 'flat_or_salary' when FACE_AMT is 1. A salary
 * cell's chosen multiple travels in its title (`salaryCellTitle`); when it does, it must be one the
 * product offers.
 */
export function checkCartItem(item: InsertCart, context: ItemContext): string | null {
  if (item.SHOPCART_CART_NO !== '' && item.SHOPCART_CART_NO !== context.visitorCartNo) {
    return messages.cartNotYours();
  }
  if (item.RLAT_CODE !== '0') return messages.cartRelationCode();

  const seen = new Set<string>();
  for (const line of item.PROD_LIST) {
    const product = context.products.get(line.PROD_ID);
    if (!product) return messages.cartUnknownProduct();
    if (seen.has(line.PROD_ID)) return messages.cartDuplicateInItem(product.name);
    seen.add(line.PROD_ID);
    if (line.FACE_AMT_TYPE !== 1) return messages.cartFaceAmountType();
    if (line.IS_ACC !== product.isAcc) return messages.cartAccidentMark(product.name);
  }

  const salaryMultiple = salaryMultipleRule(item, context);
  if (!salaryMultiple) return messages.cartPackageMismatch(item.CLASS_TITLE);
  let anySalaryMultiple = false;
  for (const line of item.PROD_LIST) {
    const product = context.products.get(line.PROD_ID)!;
    const isSalary = salaryMultiple(line, product);
    anySalaryMultiple ||= isSalary;
    const amountError = isSalary
      ? (salaryAmountError(line, product) ?? cellMultipleError(item, product, context))
      : flatAmountError(line, product);
    if (amountError) return amountError;
  }
  if ((item.IS_SLRY_MLTPL === 'Y') !== anySalaryMultiple) return messages.cartSalaryMultipleMark();

  for (const line of item.PROD_LIST) {
    const product = context.products.get(line.PROD_ID)!;
    if (context.cartProductIds.has(line.PROD_ID)) return messages.cartDuplicate(product.name);
    const main = product.requiresProdId;
    if (main && !seen.has(main) && !context.cartProductIds.has(main)) {
      return messages.cartRiderNeedsMain(product.name, context.products.get(main)?.name ?? main);
    }
  }
  return null;
}

/** A package item: PKG, or REC whose title names a package. */
function isPackageItem(item: InsertCart, context: ItemContext): boolean {
  return (
    item.SOURCE_CODE === SOURCE_CODES.package ||
    (item.SOURCE_CODE === SOURCE_CODES.recommendation && context.packages.length > 0)
  );
}

type SalaryMultipleRule = (line: Line, product: ProductFacts) => boolean;

/** How to tell a salary-multiple line of this item; null for a package item no package matches. */
function salaryMultipleRule(item: InsertCart, context: ItemContext): SalaryMultipleRule | null {
  if (!isPackageItem(item, context)) {
    return (line, product) =>
      product.basis === 'salary' || (product.basis === 'flat_or_salary' && line.FACE_AMT === 1);
  }
  const marks = context.packages.find((pkg) => item.PROD_LIST.every((line) => pkg.has(line.PROD_ID)));
  if (!marks) return null;
  return (line, product) =>
    isSalaryMultipleLine({
      SPC_RATE_MARK: marks.get(line.PROD_ID)!,
      PROD_CAT: product.prodCat,
      PROD_KIND: product.prodKind,
    });
}

function salaryAmountError(line: Line, product: ProductFacts): string | null {
  return line.FACE_AMT === 1 ? null : messages.cartSalaryMultipleAmount(product.name);
}

/** A cell's multiple off the product's choices; packages take theirs from the package line. */
function cellMultipleError(item: InsertCart, product: ProductFacts, context: ItemContext): string | null {
  const multiples = product.salaryMultiples;
  if (!multiples || isPackageItem(item, context)) return null;
  const multiple = salaryCellMultiple(item.CLASS_TITLE);
  if (multiple === null) return null;
  const { min, max, step } = multiples;
  return multiple >= min && multiple <= max && (multiple - min) % step === 0
    ? null
    : messages.cartSalaryMultipleChoice(product.name, min, max, step);
}

function flatAmountError(line: Line, product: ProductFacts): string | null {
  const { minAmount, maxAmount, amountStep } = product;
  if (line.FACE_AMT < minAmount || line.FACE_AMT > maxAmount) {
    return messages.cartAmountRange(product.name, minAmount, maxAmount);
  }
  return amountStep <= 0 || (line.FACE_AMT - minAmount) % amountStep === 0
    ? null
    : messages.cartAmountStep(product.name, amountStep);
}
