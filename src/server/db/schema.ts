import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export interface FunctionMetaTable {
  id: Generated<number>;
  func_id: string;
  meta_attr: string;
  meta_value: string;
}

export interface SessionsTable {
  id: string;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

export interface ConsentsTable {
  id: Generated<number>;
  session_id: string;
  version: string;
  accepted_at: Generated<Date>;
  client_device: string;
}

export interface ProductsTable {
  prod_id: string;
  prod_name: string;
  category: 'life' | 'accident' | 'medical' | 'illness' | 'occupational';
  description: string;
  is_rider: boolean;
  requires_prod_id: string | null;
  basis: 'flat' | 'salary' | 'flat_or_salary' | 'daily';
  is_acc: 'Y' | 'N';
  prod_cat: number;
  prod_kind: number;
  min_amount: number;
  max_amount: number;
  amount_step: number;
  default_salary_multiple: number | null;
  /** the salary multiples the product may be bought at (0004); null for flat-only products */
  salary_multiple_min: number | null;
  salary_multiple_max: number | null;
  salary_multiple_step: number | null;
  join_age_min: number;
  join_age_max: number;
  renew_age_max: number;
  waiting_days: Generated<number>;
  rate_driver: 'age' | 'class';
  rate_unit: number;
  order_seq: number;
}

export interface PackagesTable {
  pack_id: string;
  pack_name: string;
  tagline: string;
  description: string;
  audience: string;
  order_seq: number;
}

export interface PackageProductsTable {
  pack_id: string;
  prod_id: string;
  order_seq: number;
  spc_rate_mark: number;
  amount: number | null;
  salary_multiple: number | null;
  amount_cap: number | null;
}

export interface PremiumRatesTable {
  id: Generated<number>;
  prod_id: string;
  age_min: number | null;
  age_max: number | null;
  occupation_class: number | null;
  /** numeric comes back as a string from PostgreSQL; write numbers */
  rate: ColumnType<string, number | string, number | string>;
}

export interface SiteSettingsTable {
  key: string;
  value: JSONColumnType<object>;
}

export interface Database {
  function_meta: FunctionMetaTable;
  sessions: SessionsTable;
  consents: ConsentsTable;
  products: ProductsTable;
  packages: PackagesTable;
  package_products: PackageProductsTable;
  premium_rates: PremiumRatesTable;
  site_settings: SiteSettingsTable;
}
