import { loadCells, loadPackages } from '../catalogue/catalogue-api';
import type { TryoutCatalogue } from './cover-choice';

/** STEP1's offer: the packages and the cells, read together. */
export const loadTryoutCatalogue = (): Promise<TryoutCatalogue> =>
  Promise.all([loadPackages(), loadCells()]).then(([packages, cells]) => ({ packages, cells }));
