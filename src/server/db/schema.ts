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
  /** the visitor's activity session (addSession … cleanSession); null until started */
  activity_started_at: Date | null;
  activity_ended_at: Date | null;
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

export interface CartsTable {
  cart_no: string;
  /** the visitor session that started the cart; released by clearCoki */
  session_id: string | null;
  channel: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CartItemsTable {
  class_id: Generated<number>;
  cart_no: string;
  source_code: 'PKG' | 'CELL' | 'REC';
  rlat_code: string;
  class_title: string;
  is_slry_mltpl: 'Y' | 'N';
  created_at: Generated<Date>;
}

export interface CartItemProductsTable {
  class_id: number;
  prod_id: string;
  order_seq: number;
  is_acc: 'Y' | 'N';
  face_amt_type: 1;
  face_amt: number;
}

export interface PageTracesTable {
  id: Generated<number>;
  session_id: string;
  client_device: 'Mobile' | 'Desktop';
  curr_page: string;
  next_page: string;
  created_at: Generated<Date>;
}

export interface CampaignTracesTable extends PageTracesTable {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  query: JSONColumnType<Record<string, string>>;
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
  carts: CartsTable;
  cart_items: CartItemsTable;
  cart_item_products: CartItemProductsTable;
  page_traces: PageTracesTable;
  campaign_traces: CampaignTracesTable;
}
