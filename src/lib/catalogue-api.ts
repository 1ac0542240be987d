import type { CatalogueCell, CataloguePackage } from '../domain/catalogue';
import { apiGet } from './api-client';

export const loadPackages = () => apiGet<CataloguePackage[]>('catalogue/queryPackages');

export const loadCells = () => apiGet<CatalogueCell[]>('catalogue/queryCells');
