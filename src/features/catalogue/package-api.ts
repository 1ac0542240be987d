import type { CataloguePackage } from '../../domain/catalogue';
import { apiRead } from '../../lib/api-read';

/** One package by its id: a read of its own module, which the home route does not download. */
export const loadPackage = apiRead<CataloguePackage>('catalogue/queryPackage', (packId) => ({
  PACK_ID: packId,
}));
