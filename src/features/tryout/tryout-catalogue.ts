import { loadCells, loadPackages } from '../../lib/catalogue-api';
import type { TryoutCatalogue } from './cover-choice';

/** STEP1's offer: the packages and the cells, read together; an answer without either is a failure. */
export const loadTryoutCatalogue = (): Promise<TryoutCatalogue> =>
  Promise.all([loadPackages(), loadCells()]).then(([packages, cells]) => {
    if (!packages || !cells) throw new Error('the catalogue answered no data');
    return { packages, cells };
  });
