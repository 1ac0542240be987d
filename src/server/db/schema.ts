import type { Generated } from 'kysely';

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

export interface Database {
  function_meta: FunctionMetaTable;
  sessions: SessionsTable;
  consents: ConsentsTable;
}
