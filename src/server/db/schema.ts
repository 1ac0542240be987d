import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';
import type { ContactQuoteCover } from '../../domain/api/contact';
import type { ApplicationStatus } from '../../domain/application-status';
import type { ContactStatus } from '../../domain/contact-status';
import type { EmailCodePurpose, EmailCodeState } from '../../domain/email-code';
import type { OutboxState } from '../../domain/outbox';
import type { OutboxKind } from '../../domain/outbox-kinds';
import type { StaffNoticeKind } from '../../domain/staff-notifications';

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
  /** renewed by each change the visitor makes (migration 0015); bigint comes back as a string */
  revision: Generated<string>;
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

/** A captcha challenge accepted once (migration 0007): its signature, kept until it expires. */
export interface CaptchaUsesTable {
  signature: string;
  expires_at: Date;
}

/** numeric columns come back as strings from PostgreSQL; write numbers */
type Numeric = ColumnType<string, number | string, number | string>;
/** date columns: written as ISO yyyy-MM-dd; read them with to_char() for a string */
type DateColumn = ColumnType<Date | string, string, string>;

export interface ApplicationSerialsTable {
  day: DateColumn;
  last: number;
}

export interface ApplicationsTable {
  id: Generated<number>;
  /** 受理編號: GI + ROC yyyMMdd + 5-digit serial of the day */
  application_no: string;
  /** the flow's idempotency key, unique within its session (migration 0016) */
  request_id: string;
  session_id: string;
  status: ColumnType<ApplicationStatus, ApplicationStatus | undefined, ApplicationStatus>;
  /** 1 when stored, one more with every move: a move made on an older one is refused (migration 0019) */
  version: Generated<number>;
  company_name: string;
  tax_id: string;
  representative: string;
  contact_name: string;
  contact_title: string;
  mobile: string | null;
  phone: string | null;
  phone_ext: string | null;
  email: string;
  city: string;
  district: string;
  street: string;
  industry: string;
  headcount: number;
  occupation_class: number;
  average_age: number;
  /** NT$; null without a salary-multiple item */
  average_salary: number | null;
  /** 萬, as typed */
  total_salary: Numeric | null;
  max_salary: Numeric | null;
  start_date: DateColumn;
  age_min: number;
  age_max: number;
  premium_annual: number;
  premium_monthly_per_person: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** while at 待補件, when the documents were asked for; null otherwise (migration 0021) */
  waiting_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** lower(company_name), kept by the database: what the queue's search compares (migration 0022) */
  company_name_folded: GeneratedAlways<string>;
}

export interface ApplicationItemsTable {
  id: Generated<number>;
  application_id: number;
  order_seq: number;
  class_title: string;
  source_code: 'PKG' | 'CELL' | 'REC';
  is_slry_mltpl: 'Y' | 'N';
  premium_annual: number;
  premium_monthly_per_person: number;
}

export interface ApplicationItemProductsTable {
  item_id: number;
  prod_id: string;
  prod_name: string;
  order_seq: number;
  face_amt: number;
  salary_multiple: number | null;
  sum_insured: number;
  rate: Numeric;
  rate_unit: number;
}

export interface ApplicationRosterTable {
  application_id: number;
  row_no: number;
  name: string;
  person_id: string;
  birth_date: DateColumn;
  gender: 'M' | 'F';
  occupation_class: number;
  monthly_salary: number | null;
}

export interface ApplicationEventsTable {
  id: Generated<number>;
  application_id: number;
  status: ApplicationStatus;
  note: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Wrong lookup identifiers counted per typed 受理編號 or per client (migration 0009). */
export interface LookupFailuresTable {
  scope: 'application' | 'client';
  subject: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: Date;
  count: number;
}

export interface ArticlesTable {
  id: string;
  title: string;
  summary: string;
  category: string;
  published_at: DateColumn;
  read_minutes: number;
  /** ArticleBlock[] */
  body: JSONColumnType<object[]>;
  updated_at: Generated<Date>;
}

export interface QuestionTopicsTable {
  key: string;
  label: string;
  sort_order: number;
}

export interface QuestionsTable {
  id: string;
  topic_key: string;
  question: string;
  answer: string;
  sort_order: number;
}

export interface ContactsTable {
  /** 案件編號: CT + ROC yyyMMdd + 5-digit serial of the day */
  contact_no: string;
  /** the form's idempotency key, unique within its session (migration 0016) */
  request_id: string;
  /** the visitor session it came from */
  session_id: string;
  name: string;
  company_name: string;
  tax_id: string | null;
  mobile: string | null;
  phone: string | null;
  phone_ext: string | null;
  email: string;
  topic: string;
  content: string;
  received_at: Date;
  reply_by: DateColumn;
  /** new → handling → replied → closed (migration 0020; machines/contact-message.machine.ts moves it) */
  status: Generated<ContactStatus>;
  /** the staff account's name that took it (no foreign key: migration 0020) */
  assignee: Generated<string | null>;
  /** raised by every change; a write names the version it read */
  version: Generated<number>;
  /** the tryout's 請洽專人報價: the trial's cart item (ids and amounts the catalogue check accepted) */
  quote_cover: JSONColumnType<ContactQuoteCover | null, string | null | undefined, never>;
  quote_headcount: ColumnType<number | null, number | null | undefined, never>;
}

/** An internal note on a contact message (migration 0020), or a reply kept for the sender. */
export interface ContactEntriesTable {
  id: Generated<number>;
  contact_no: string;
  /** the staff account's name */
  author: string;
  at: Date;
  text: string;
}

/**
 * The insurer's staff (the atlas's analysts of migration 0011, renamed by 0018): an argon2id hash, never
 * the password. Two locks kept apart: the wrong-password lock (`locked_until`, ending by itself) and an
 * admin's (`suspended_at`, until an admin lifts it).
 */
export interface StaffTable {
  name: string;
  password_hash: string;
  /**
   * wrong passwords in a row for the name from every address (sign-in-counts.ts); STAFF_NAME_LOCK_AFTER
   * lock it from the addresses it never signed in from (`locked_until`)
   */
  failed_logins: Generated<number>;
  /** the last wrong password counted; the count is forgotten STAFF_LOCK_MINUTES after it (migration 0017) */
  last_failed_at: Date | null;
  locked_until: Date | null;
  /** when an admin locked the account; null while it may sign in (migration 0018) */
  suspended_at: Date | null;
  last_signed_in_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** where the notices the person chose go (migration 0024); null: none are sent */
  email: Generated<string | null>;
}

/** A notice a person chose to get by e-mail (migration 0024; src/domain/staff-notifications.ts). */
export interface StaffNotificationsTable {
  staff: string;
  kind: StaffNoticeKind;
}

/** The roles a person holds (migration 0018): one row each, checked against src/domain/staff-roles.ts. */
export interface StaffRolesTable {
  staff: string;
  role: string;
}

/**
 * A count of wrong staff sign-ins (migrations 0017, 0026; sign-in-counts.ts): of a name no account has from
 * every address (`subject` an HMAC of the name), or of any name from one client address (an HMAC of the name
 * and of an HMAC of the address). Never a name no account has, never an address.
 */
export interface LoginFailuresTable {
  subject: string;
  failed_logins: number;
  last_failed_at: Date;
  locked_until: Date | null;
  /** the account, for a count of a name and client address when the name has one (migration 0026) */
  staff: Generated<string | null>;
}

/** An address a staff account signed in from (migration 0026): `client` is an HMAC of it, never the address. */
export interface StaffKnownClientsTable {
  staff: string;
  client: string;
  signed_in_at: Date;
}

/** A staff sign-in: `id` is the random token the signed gi_staff cookie carries. */
export interface StaffSessionsTable {
  id: string;
  staff: string;
  created_at: Generated<Date>;
  expires_at: Date;
  /** the session's last request; it ends STAFF_IDLE_SECONDS after it (migration 0026) */
  last_active_at: Generated<Date>;
}

/** One transition a visitor's flow took; `visitor` is an HMAC of its session id, not the id. */
export interface MachineTracesTable {
  /** bigint comes back as a string */
  id: ColumnType<string, never, never>;
  machine: string;
  from_state: string;
  event: string;
  to_state: string;
  at: Date;
  visitor: string;
}

/**
 * What staff did (migration 0018), appended in the transaction of the action it records; a trigger refuses
 * UPDATE, DELETE and TRUNCATE. No ID number, birth date or password in `detail`.
 */
export interface AuditLogTable {
  /** bigint comes back as a string */
  id: ColumnType<string, never, never>;
  at: Generated<Date>;
  /** a staff name, OPERATOR_ACTOR or UNKNOWN_ACTOR (src/domain/audit-actions.ts) */
  actor: string;
  action: string;
  application_no: string | null;
  contact_no: string | null;
  target_staff: string | null;
  detail: string | null;
}

/**
 * An e-mail of the transactional outbox (migration 0023), written with the change it tells of; its state
 * moves as machines/outbox-message.machine.ts allows.
 */
export interface OutboxTable {
  id: Generated<number>;
  /** the message's own id (a UUID), the same on every try: the Message-ID's left part */
  message_id: string;
  kind: OutboxKind;
  recipient: string;
  recipient_name: string;
  subject: string;
  text: string;
  html: string;
  state: Generated<OutboxState>;
  /** tries taken so far, counted when a worker takes it */
  attempts: Generated<number>;
  next_attempt_at: Date;
  /** the mail server's answer to the last failed try */
  last_error: Generated<string | null>;
  /** the worker holding it while sending, and until when */
  taken_by: Generated<string | null>;
  taken_until: Generated<Date | null>;
  created_at: Date;
  sent_at: Generated<Date | null>;
  application_no: string | null;
  contact_no: string | null;
  /**
   * a code the message carries (migration 0028): its text holds EMAIL_CODE_PLACEHOLDER where the code
   * goes, the delivery worker puts it in as it sends, and it is erased once the message is sent
   */
  secret: Generated<string | null>;
}

/** A code sent by e-mail (migration 0028); its state moves as machines/email-code.machine.ts allows. */
export interface EmailCodesTable {
  id: Generated<number>;
  purpose: EmailCodePurpose;
  /** what it is for: the 受理編號 (roster.print) or the staff name (notice.address) */
  subject: string;
  /** where it was sent */
  address: string;
  /** HMAC-SHA256 of the code under the server's code key, hex */
  code_hash: string;
  state: Generated<EmailCodeState>;
  failures: Generated<number>;
  /** HMAC of the client address that asked for it */
  client: string | null;
  created_at: Date;
  expires_at: Date;
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
  captcha_uses: CaptchaUsesTable;
  application_serials: ApplicationSerialsTable;
  applications: ApplicationsTable;
  application_items: ApplicationItemsTable;
  application_item_products: ApplicationItemProductsTable;
  application_roster: ApplicationRosterTable;
  application_events: ApplicationEventsTable;
  lookup_failures: LookupFailuresTable;
  rate_limit_hits: RateLimitHitsTable;
  articles: ArticlesTable;
  question_topics: QuestionTopicsTable;
  questions: QuestionsTable;
  contact_serials: ApplicationSerialsTable;
  contacts: ContactsTable;
  staff: StaffTable;
  staff_roles: StaffRolesTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  contact_notes: ContactEntriesTable;
  contact_replies: ContactEntriesTable;
  login_failures: LoginFailuresTable;
  staff_known_clients: StaffKnownClientsTable;
  machine_traces: MachineTracesTable;
  outbox: OutboxTable;
  staff_notifications: StaffNotificationsTable;
  email_codes: EmailCodesTable;
}
