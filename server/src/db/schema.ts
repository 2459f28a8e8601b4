/**
 * Kysely table types, mirroring the migrations (docs/design.md, "Domain model"). Ids and
 * the columns pointing at them carry the branded id type of their table, so a query
 * comparing `staff_id` with an application id does not compile.
 */
import type { Generated } from 'kysely';
import type {
  ApplicationId,
  CategoryId,
  CompanyId,
  DepartmentId,
  MenuId,
  PositionId,
  RequesterId,
  RoleId,
  StaffId,
  TemplateId,
  UserId,
  WorkOrderId,
} from '@swo/contract';

export interface UsersTable {
  id: Generated<UserId>;
  username: string;
  password_hash: string;
  nickname: string;
  phone: string;
  email: string;
  avatar: string;
  status: number;
  is_platform_admin: number;
  /** 1 after a reset: the next sign-in must set a new password. */
  must_change_password: Generated<number>;
  /** Basic settings of the account page: free text, empty when not given. */
  profile: Generated<string>;
  /** ISO 3166-1 alpha-2 code, or empty. */
  country: Generated<string>;
  province: Generated<string>;
  city: Generated<string>;
  address: Generated<string>;
  /** The person's theme settings as JSON (`uiSettings` of the contract); empty until saved. */
  ui_settings: Generated<string>;
  /** When the owner first chose a password; null while only an administrator's was set. */
  claimed_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}
export interface CompaniesTable {
  id: Generated<CompanyId>;
  name: string;
  status: number;
  order_seq: number;
  /** IANA time zone of the company's days. */
  time_zone: Generated<string>;
  /** 1: active administrators must enrol two-factor sign-in before anything else (docs/design.md, "Two-factor required for administrators"). */
  require_admin_2fa: Generated<number>;
  created_at: string;
}
export interface DepartmentsTable {
  id: Generated<DepartmentId>;
  company_id: CompanyId;
  parent_id: DepartmentId | 0;
  name: string;
  /** The staff member who leads the department (of the same company), if any. */
  leader_staff_id: StaffId | null;
  sort: number;
  status: number;
  created_at: string;
}
export interface PositionsTable {
  id: Generated<PositionId>;
  company_id: CompanyId;
  name: string;
  sort: number;
  status: number;
  created_at: string;
}
export interface RolesTable {
  id: Generated<RoleId>;
  company_id: CompanyId;
  name: string;
  description: string;
  is_admin: number;
  /** Which orders members see: `company`, `department` or `own` (docs/design.md, "Data scope"). */
  data_scope: Generated<string>;
  status: number;
  created_at: string;
}
export interface MenusTable {
  id: Generated<MenuId>;
  pid: MenuId | 0;
  key: string;
  name: string;
  url: string;
  icon: string;
  url_name: string;
  redirect: string;
  actions: string;
  show: number;
  menu_type: number;
  sort: number;
  status: number;
}
/** One action a role may take on a menu (one row per action). */
export interface RoleGrantsTable {
  id: Generated<number>;
  company_id: CompanyId;
  role_id: RoleId;
  menu_id: MenuId;
  action: string;
}
export interface StaffTable {
  id: Generated<StaffId>;
  company_id: CompanyId;
  user_id: UserId;
  name: string;
  job_number: string;
  department_id: DepartmentId | null;
  position_id: PositionId | null;
  role_id: RoleId;
  status: number;
  created_at: string;
  /** Set when removed from the company: the row stays for the history that names it. */
  deleted_at: string | null;
}
export interface CategoriesTable {
  id: Generated<CategoryId>;
  company_id: CompanyId;
  parent_id: CategoryId | 0;
  name: string;
  sort: number;
  status: number;
  created_at: string;
}
export interface TemplatesTable {
  id: Generated<TemplateId>;
  company_id: CompanyId;
  name: string;
  description: string;
  schema: string;
  version: number;
  is_private: number;
  is_automatic: number;
  needs_review: number;
  status: number;
  created_at: string;
  updated_at: string;
  category_id: Generated<CategoryId | null>;
  sort: Generated<number>;
  /** The common template this one was copied from. */
  source_id: Generated<number | null>;
  /** Deleted templates stay for the orders that keep their versions. */
  deleted_at: Generated<string | null>;
}
/** The platform's library of templates every company may copy (no company). */
export interface CommonTemplatesTable {
  id: Generated<number>;
  name: string;
  description: string;
  schema: string;
  version: number;
  is_automatic: number;
  needs_review: number;
  status: number;
  sort: number;
  created_at: string;
  updated_at: string;
}
export interface CommonTemplateVersionsTable {
  id: Generated<number>;
  template_id: number;
  version: number;
  schema: string;
  created_at: string;
}
export interface TemplateVersionsTable {
  id: Generated<number>;
  company_id: CompanyId;
  template_id: TemplateId;
  version: number;
  schema: string;
  created_at: string;
}
export interface ApplicationsTable {
  id: Generated<ApplicationId>;
  company_id: CompanyId;
  name: string;
  description: string;
  template_id: TemplateId;
  category_id: CategoryId | null;
  app_key: string;
  status: number;
  created_at: string;
}
export interface ApplicationStaffTable {
  id: Generated<number>;
  company_id: CompanyId;
  application_id: ApplicationId;
  staff_id: StaffId;
}
export interface RequestersTable {
  id: Generated<RequesterId>;
  company_id: CompanyId;
  name: string;
  phone: string;
  ident_hash: string;
  created_at: string;
}
export interface WorkOrdersTable {
  id: Generated<WorkOrderId>;
  company_id: CompanyId;
  order_no: string;
  title: string;
  status: string;
  application_id: ApplicationId;
  template_id: TemplateId;
  template_version: number;
  category_id: CategoryId | null;
  handler_id: StaffId | null;
  requester_id: RequesterId | null;
  requester_name: string;
  requester_phone: string;
  creator_staff_id: StaffId | null;
  form_data: string;
  reason: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  deleted_at: string | null;
}
/** One row (id 1): raised by triggers whenever a cached caller may have changed (docs/design.md, "Caller cache"). */
export interface AuthEpochTable {
  id: number;
  value: number;
}
/** A rate-limit window of one (route, caller key); `window_start` in ms since the epoch. */
export interface RateLimitHitsTable {
  key: string;
  /** The writing PostgreSQL backend's pid, 0 on SQLite (docs/design.md, "Counters and order numbers"). */
  stripe: Generated<number>;
  window_start: number;
  count: number;
}
export interface WorkOrderStatusCountsTable {
  company_id: CompanyId;
  status: string;
  /** The writing PostgreSQL backend's pid, 0 on SQLite and once folded (docs/design.md, "Counters and order numbers"). */
  stripe: Generated<number>;
  count: number;
}
/** A staff member taking part in an order (docs/design.md, "Data scope"); `roles` bits: 1 handler, 2 creator, 4 reviewer. */
export interface WorkOrderParticipantsTable {
  company_id: CompanyId;
  staff_id: StaffId;
  work_order_id: WorkOrderId;
  application_id: ApplicationId;
  status: string;
  roles: number;
}
export interface WorkOrderApplicationCountsTable {
  company_id: CompanyId;
  application_id: ApplicationId;
  status: string;
  /** The writing PostgreSQL backend's pid, 0 on SQLite and once folded (docs/design.md, "Counters and order numbers"). */
  stripe: Generated<number>;
  count: number;
}
export interface WorkOrderParticipantCountsTable {
  company_id: CompanyId;
  staff_id: StaffId;
  application_id: ApplicationId;
  status: string;
  /** The writing PostgreSQL backend's pid, 0 on SQLite and once folded (docs/design.md, "Counters and order numbers"). */
  stripe: Generated<number>;
  count: number;
}
export interface WorkOrderRecordsTable {
  id: Generated<number>;
  company_id: CompanyId;
  work_order_id: WorkOrderId;
  action: string;
  from_status: string | null;
  to_status: string | null;
  actor_staff_id: StaffId | null;
  actor_name: string;
  target_staff_id: StaffId | null;
  target_name: string | null;
  note: string | null;
  is_internal: number;
  /** JSON: e.g. the form values an edit replaced. */
  detail: string | null;
  created_at: string;
}
export interface IdempotencyKeysTable {
  id: Generated<number>;
  company_id: CompanyId;
  user_id: UserId;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
}
export interface OperationLogsTable {
  id: Generated<number>;
  company_id: CompanyId | null;
  user_id: UserId | null;
  username: string;
  module: string;
  action: string;
  /** What `target_id` names: `work_order`, `department`, `staff`, … */
  target_type: Generated<string>;
  target_id: number | null;
  detail: string;
  ip: string;
  created_at: string;
}
export interface SessionsTable {
  id: Generated<number>;
  user_id: UserId;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Last use, written at most every few minutes (the account page's session list). */
  last_seen_at: string | null;
  /** QR sign-ins this session approved, and the last one (the binding section's devices). */
  qr_approvals: Generated<number>;
  qr_approved_at: string | null;
}
export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  created_at: string;
}
export interface UploadsTable {
  id: Generated<number>;
  company_id: CompanyId;
  user_id: UserId | null;
  /** The application a requester uploaded for (null for staff uploads). */
  application_id: ApplicationId | null;
  /** The order holding it; null until attached (purged after a day). */
  work_order_id: WorkOrderId | null;
  file_key: string;
  kind: 'file' | 'image';
  thumb_key: string | null;
  name: string;
  mime: string;
  size: number;
  created_at: string;
}
/** What an SMS code proves: the right to sign in, or to set a new password. */
export type SmsPurpose = 'login' | 'recover' | 'bind';
/** An SMS code, kept as a salted hash; `used_at` is set once it has served or run out of tries. */
export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: SmsPurpose;
  salt: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** A message of the offline (outbox) SMS provider. */
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  created_at: string;
}
/** An account's TOTP secret; two-factor sign-in is on once `confirmed_at` is set. `last_step` stops a code's reuse. */
export interface UserTotpTable {
  user_id: UserId;
  secret: string;
  confirmed_at: string | null;
  last_step: Generated<number>;
  created_at: string;
}
/** A single-use recovery code of the second step, kept as SHA-256. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: UserId;
  code_hash: string;
  used_at: string | null;
}
/** A sign-in waiting for its second step: the first step's method and remember-me, 5 wrong codes at most. */
export interface TwoFactorChallengesTable {
  id: Generated<number>;
  token_hash: string;
  user_id: UserId;
  method: string;
  remember: number;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** A single-use invitation of a member to choose their username and password; only the token's hash is kept. */
export interface InvitationsTable {
  id: Generated<number>;
  company_id: CompanyId;
  staff_id: StaffId;
  user_id: UserId;
  token_hash: string;
  created_by: UserId;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/**
 * A company asking an existing account to join it (docs/decisions/0001-account-consent.md):
 * the membership it would get, until the owner decides or it expires.
 */
export interface MembershipRequestsTable
  extends Pick<StaffTable, 'company_id' | 'user_id' | 'name' | 'job_number' | 'department_id' | 'position_id' | 'role_id' | 'status' | 'created_at'> {
  id: Generated<number>;
  created_by: UserId;
  expires_at: string;
  decided_at: string | null;
  decision: 'accepted' | 'declined' | 'withdrawn' | null;
}
/** Where a QR sign-in stands: asked, seen on a phone, approved or denied there, collected by the desktop. */
export type QrLoginStatus = 'waiting' | 'scanned' | 'approved' | 'denied' | 'used';
/** A QR sign-in ticket; `ticket_hash` is what the QR code shows, `poll_hash` the desktop's own secret. */
export interface QrLoginsTable {
  id: Generated<number>;
  ticket_hash: string;
  poll_hash: string;
  status: QrLoginStatus;
  /** The asking browser, shown to the phone. */
  ip: string;
  user_agent: string;
  /** The approving account, once approved. */
  user_id: UserId | null;
  approver_session_id: number | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
}

/** A running import of a company (one at a time); `expires_at` frees a crashed holder's lock. */
export interface ImportLocksTable {
  company_id: CompanyId;
  holder: string;
  expires_at: string;
}

/** An in-app notification of one person in one company (docs/design.md, "Notifications"). */
export interface NotificationsTable {
  id: Generated<number>;
  company_id: CompanyId;
  user_id: UserId;
  /** `assigned`, `review`, `rejected` or `completed`. */
  event: string;
  work_order_id: WorkOrderId;
  /** The order's number and title when the event happened, so the bell needs no join. */
  order_no: string;
  title: string;
  created_at: string;
  read_at: string | null;
}
/** A person's choice for one event; no row means on. */
export interface NotificationPreferencesTable {
  user_id: UserId;
  event: string;
  in_app: number;
}

/** One live-update event in the SQLite outbox (docs/design.md, "Live updates"); JSON payload. */
export interface LiveEventsTable {
  id: Generated<number>;
  payload: string;
  created_at: string;
}

/**
 * PostgreSQL only: one posting of the keyword index, an order holding a term (migration
 * 2026-11-27T02-00; SQLite's index is an FTS5 table, read by raw SQL).
 */
export interface WorkOrderTermsTable {
  company_id: CompanyId;
  term: string;
  work_order_id: WorkOrderId;
}

export interface DB {
  users: UsersTable;
  companies: CompaniesTable;
  departments: DepartmentsTable;
  positions: PositionsTable;
  roles: RolesTable;
  menus: MenusTable;
  role_grants: RoleGrantsTable;
  staff: StaffTable;
  categories: CategoriesTable;
  templates: TemplatesTable;
  template_versions: TemplateVersionsTable;
  common_templates: CommonTemplatesTable;
  common_template_versions: CommonTemplateVersionsTable;
  applications: ApplicationsTable;
  application_staff: ApplicationStaffTable;
  requesters: RequestersTable;
  work_orders: WorkOrdersTable;
  work_order_status_counts: WorkOrderStatusCountsTable;
  auth_epoch: AuthEpochTable;
  rate_limit_hits: RateLimitHitsTable;
  work_order_participants: WorkOrderParticipantsTable;
  work_order_application_counts: WorkOrderApplicationCountsTable;
  work_order_participant_counts: WorkOrderParticipantCountsTable;
  work_order_records: WorkOrderRecordsTable;
  operation_logs: OperationLogsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  uploads: UploadsTable;
  qr_logins: QrLoginsTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  invitations: InvitationsTable;
  membership_requests: MembershipRequestsTable;
  user_totp: UserTotpTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  idempotency_keys: IdempotencyKeysTable;
  import_locks: ImportLocksTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  live_events: LiveEventsTable;
  work_order_terms: WorkOrderTermsTable;
}
