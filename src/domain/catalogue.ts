import type { InputLine, InputPackage } from './cart-item';

/** The packages of docs/domain.md §2.4, by the id the catalogue gives them. */
export const PACK_IDS = {
  basic: 'BASIC',
  advanced: 'ADVANCED',
  premium: 'PREMIUM',
  manufacturing: 'MFG',
  family: 'FAMILY',
} as const;
export type PackId = (typeof PACK_IDS)[keyof typeof PACK_IDS];

/** What a package id looks like: upper-case letters, digits and underscores. */
export const PACK_ID_PATTERN = /^[A-Z][A-Z0-9_]{1,19}$/;

/** The answer to an unknown PACK_ID, shown as is by the screens. */
export const PACKAGE_NOT_FOUND = '找不到此方案';

/** How a sum insured is set: a flat amount, a daily amount (日額), or a multiple of the monthly salary. */
export type AmountBasis = 'flat' | 'daily' | 'salary';

/** The product facts a package line and a cell both carry. */
export interface ProductFacts {
  PROD_NAME: string;
  IS_RIDER: boolean;
  /** the main product a rider needs in the cart; null for a main product */
  REQUIRES_PROD_ID: string | null;
  REQUIRES_PROD_NAME: string | null;
  JOIN_AGE_MIN: number;
  JOIN_AGE_MAX: number;
  RENEW_AGE_MAX: number;
  WAITING_DAYS: number;
}

/**
 * One line of a package (GET catalogue/queryPackages). AMOUNT is 0 on salary-multiple lines, whose sum
 * insured is SALARY_MULTIPLE × the monthly salary, at most AMOUNT_CAP.
 */
export interface CatalogueLine extends InputLine, ProductFacts {
  BASIS: AmountBasis;
  SALARY_MULTIPLE: number | null;
  AMOUNT_CAP: number | null;
}

/** A package as the catalogue serves it; assignable to the cart's InputPackage. */
export interface CataloguePackage extends InputPackage {
  PACK_NAME: string;
  TAGLINE: string;
  DESCRIPTION: string;
  AUDIENCE: string;
  /** whole NT$ per person per month in the cheapest honest case (src/domain/pricing.ts) */
  FROM_MONTHLY_PER_PERSON: number;
  PROD_LIST: CatalogueLine[];
}

/** A product a visitor can pick on its own (GET catalogue/queryCells). */
export interface CatalogueCell extends ProductFacts {
  PROD_ID: string;
  DESCRIPTION: string;
  ORDER_SEQ: number;
  IS_ACC: 'Y' | 'N';
  PROD_CAT: number;
  PROD_KIND: number;
  BASIS: AmountBasis;
  /** for flat and daily cells: the amounts offered, in NT$ */
  MIN_AMOUNT: number;
  MAX_AMOUNT: number;
  AMOUNT_STEP: number;
  /** for salary cells: the multiples offered and the cap of the resulting sum insured */
  SALARY_MULTIPLE_MIN: number | null;
  SALARY_MULTIPLE_MAX: number | null;
  SALARY_MULTIPLE_STEP: number | null;
  DEFAULT_SALARY_MULTIPLE: number | null;
  AMOUNT_CAP: number | null;
}

/** The choices of a cell's chooser: amounts for flat and daily cells, multiples for salary cells. */
export function cellChoices(cell: CatalogueCell): number[] {
  const [min, max, step] =
    cell.BASIS === 'salary'
      ? [cell.SALARY_MULTIPLE_MIN ?? 0, cell.SALARY_MULTIPLE_MAX ?? 0, cell.SALARY_MULTIPLE_STEP ?? 0]
      : [cell.MIN_AMOUNT, cell.MAX_AMOUNT, cell.AMOUNT_STEP];
  if (step <= 0) return [];
  const choices: number[] = [];
  for (let value = min; value <= max; value += step) choices.push(value);
  return choices;
}

/**
 * A cell as a one-line package for the cart: a flat or daily amount is SPC_RATE_MARK 1; a salary cell is
 * mark 4 with its own PROD_CAT/PROD_KIND, and its chosen multiple travels in the title, because the cart
 * item (docs/specification.md §3) sends FACE_AMT 1 for it.
 */
export function cellPackage(cell: CatalogueCell, choice: number): InputPackage {
  const salary = cell.BASIS === 'salary';
  return {
    PACK_ID: cell.PROD_ID,
    PACK_NAME: salary ? salaryCellTitle(cell.PROD_NAME, choice) : cell.PROD_NAME,
    PROD_LIST: [
      {
        PROD_ID: cell.PROD_ID,
        ORDER_SEQ: 1,
        IS_ACC: cell.IS_ACC,
        AMOUNT: salary ? 0 : choice,
        SPC_RATE_MARK: salary ? 4 : 1,
        PROD_CAT: cell.PROD_CAT,
        PROD_KIND: cell.PROD_KIND,
      },
    ],
  };
}

/** The title of cells chosen together (the tryout's own choice) as one cart item. */
export const CELL_SET_TITLE = '自選保障組合';

/**
 * Cells chosen together as one cart item (CELL), in catalogue order: a single cell is {@link cellPackage};
 * several keep each one's line, and a salary cell's multiple travels in the set's title, as for a cell.
 */
export function cellSetPackage(chosen: ReadonlyArray<{ cell: CatalogueCell; choice: number }>): InputPackage {
  if (chosen.length === 1) return cellPackage(chosen[0]!.cell, chosen[0]!.choice);
  const ordered = [...chosen].sort((a, b) => a.cell.ORDER_SEQ - b.cell.ORDER_SEQ);
  const salary = ordered.find(({ cell }) => cell.BASIS === 'salary');
  return {
    PACK_ID: 'CELLS',
    PACK_NAME: salary ? salaryCellTitle(CELL_SET_TITLE, salary.choice) : CELL_SET_TITLE,
    PROD_LIST: ordered.map(({ cell, choice }, index) => ({
      ...cellPackage(cell, choice).PROD_LIST[0]!,
      ORDER_SEQ: index + 1,
    })),
  };
}

/** The title of a salary cell in the cart: the product name and the chosen multiple. */
export function salaryCellTitle(productName: string, multiple: number): string {
  return `${productName}（月投保薪資 × ${multiple}）`;
}

/** The multiple a salary cell's title carries ({@link salaryCellTitle}); null when it carries none. */
export function salaryCellMultiple(title: string): number | null {
  const m = /（月投保薪資 × (\d{1,3})）$/.exec(title);
  return m ? Number(m[1]) : null;
}
