import type { ChosenCover, TryoutChoice } from '../../../machines/tryout.machine';
import { type InputPackage, isSalaryMultipleLine } from '../../domain/cart-item';
import {
  type CatalogueCell,
  type CataloguePackage,
  cellChoices,
  cellSetPackage,
} from '../../domain/catalogue';
import { messages } from '../../domain/messages';

/** What STEP1 offers: the packages and the cells of the catalogue. */
export interface TryoutCatalogue {
  packages: CataloguePackage[];
  cells: CatalogueCell[];
}

/** STEP1's form: a package, or cells each ticked with its amount (or multiple). */
export interface CoverValues {
  mode: '' | 'package' | 'cells';
  packId: string;
  cells: Record<string, { on: boolean; choice: string }>;
}

/** The choice a cell's chooser starts on: a salary cell's default multiple, else its smallest amount. */
const defaultChoice = (cell: CatalogueCell) =>
  String(cell.DEFAULT_SALARY_MULTIPLE ?? cellChoices(cell)[0] ?? '');

/** The form for a choice made before (or a package asked for by the address), else an empty one. */
export function coverValues(
  catalogue: TryoutCatalogue,
  choice: TryoutChoice | null,
  packId?: string,
): CoverValues {
  const picked = choice?.kind === 'cells' ? new Map(choice.cells.map((c) => [c.prodId, c.choice])) : null;
  const cells = Object.fromEntries(
    catalogue.cells.map((cell) => {
      const chosen = picked?.get(cell.PROD_ID);
      return [cell.PROD_ID, { on: chosen !== undefined, choice: String(chosen ?? defaultChoice(cell)) }];
    }),
  );
  if (packId && catalogue.packages.some((p) => p.PACK_ID === packId))
    return { mode: 'package', packId, cells };
  if (choice?.kind === 'package') return { mode: 'package', packId: choice.packId, cells };
  return { mode: picked ? 'cells' : '', packId: '', cells };
}

const ticked = (values: CoverValues, catalogue: TryoutCatalogue) =>
  catalogue.cells.filter((cell) => values.cells[cell.PROD_ID]?.on);

/** A ticked rider whose main product is not ticked. */
function unmetRider(chosen: CatalogueCell[]): CatalogueCell | undefined {
  const ids = new Set(chosen.map((cell) => cell.PROD_ID));
  return chosen.find((cell) => cell.REQUIRES_PROD_ID !== null && !ids.has(cell.REQUIRES_PROD_ID));
}

/** STEP1's messages, shaped as the form's values (Formik's errors); none when the choice can go on. */
export function coverErrors(
  values: CoverValues,
  catalogue: TryoutCatalogue,
): { mode?: string; packId?: string; cells?: string | Record<string, { on: string }> } {
  if (values.mode === '') return { mode: messages.requiredSelect('試算方式') };
  if (values.mode === 'package') return values.packId ? {} : { packId: messages.requiredSelect('方案') };
  const chosen = ticked(values, catalogue);
  if (chosen.length === 0) return { cells: '請至少勾選一項保障' };
  const rider = unmetRider(chosen);
  if (rider) {
    const message = messages.riderNeedsMain(rider.PROD_NAME, rider.REQUIRES_PROD_NAME ?? '');
    return { cells: { [rider.PROD_ID]: { on: message } } };
  }
  return {};
}

/** Join ages every product accepts; null when they do not overlap. */
function joinAges(lines: ReadonlyArray<{ JOIN_AGE_MIN: number; JOIN_AGE_MAX: number }>) {
  const youngest = Math.max(...lines.map((l) => l.JOIN_AGE_MIN));
  const oldest = Math.min(...lines.map((l) => l.JOIN_AGE_MAX));
  return youngest <= oldest ? ([youngest, oldest] as const) : null;
}

/** The item as the cart takes it: only an InputPackage's own fields (no descriptions). */
const asItem = (pkg: InputPackage): InputPackage => ({
  PACK_ID: pkg.PACK_ID,
  PACK_NAME: pkg.PACK_NAME,
  PROD_LIST: pkg.PROD_LIST.map(
    ({ PROD_ID, ORDER_SEQ, IS_ACC, AMOUNT, SPC_RATE_MARK, PROD_CAT, PROD_KIND }) => ({
      PROD_ID,
      ORDER_SEQ,
      IS_ACC,
      AMOUNT,
      SPC_RATE_MARK,
      PROD_CAT,
      PROD_KIND,
    }),
  ),
});

/** The cover an accepted form stands for (call after {@link coverErrors} found nothing). */
export function chosenCover(values: CoverValues, catalogue: TryoutCatalogue): ChosenCover {
  if (values.mode === 'package') {
    const pack = catalogue.packages.find((p) => p.PACK_ID === values.packId)!;
    return {
      choice: { kind: 'package', packId: pack.PACK_ID },
      pkg: asItem(pack),
      source: 'PKG',
      ages: joinAges(pack.PROD_LIST),
      needsSalary: pack.PROD_LIST.some(isSalaryMultipleLine),
      unmetRider: null,
    };
  }
  const chosen = ticked(values, catalogue).map((cell) => ({
    cell,
    choice: Number(values.cells[cell.PROD_ID]!.choice),
  }));
  return {
    choice: { kind: 'cells', cells: chosen.map(({ cell, choice }) => ({ prodId: cell.PROD_ID, choice })) },
    pkg: asItem(cellSetPackage(chosen)),
    source: 'CELL',
    ages: joinAges(chosen.map(({ cell }) => cell)),
    needsSalary: chosen.some(({ cell }) => cell.BASIS === 'salary'),
    unmetRider: unmetRider(chosen.map(({ cell }) => cell))?.PROD_NAME ?? null,
  };
}
