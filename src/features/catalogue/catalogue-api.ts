import type { CatalogueCell, CataloguePackage } from '../../domain/catalogue';
import { apiGet } from '../../lib/api-client';

export const loadPackages = () => apiGet<CataloguePackage[]>('catalogue/queryPackages');

export const loadPackage = (packId: string) =>
  apiGet<CataloguePackage>('catalogue/queryPackage', { PACK_ID: packId });

export const loadCells = () => apiGet<CatalogueCell[]>('catalogue/queryCells');
