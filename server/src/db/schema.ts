/** Kysely table types, mirroring the migrations (docs/design.md, "Domain model"). */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  nickname: string;
  phone: string;
  email: string;
  avatar: string;
  status: number;
  is_platform_admin: number;
  created_at: string;
  updated_at: string;
}
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  status: number;
  order_seq: number;
  /** IANA time zone of the company's days. */
  time_zone: Generated<string>;
  created_at: string;
}
export interface DepartmentsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number;
  name: string;
  sort: number;
  status: number;
  created_at: string;
}
export interface PositionsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  sort: number;
  status: number;
  created_at: string;
}
export interface RolesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string;
  is_admin: number;
  status: number;
  created_at: string;
}
export interface MenusTable {
  id: Generated<number>;
  pid: number;
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
  company_id: number;
  role_id: number;
  menu_id: number;
  action: string;
}
export interface StaffTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  name: string;
  job_number: string;
  department_id: number | null;
  position_id: number | null;
  role_id: number;
  status: number;
  created_at: string;
}
export interface CategoriesTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number;
  name: string;
  sort: number;
  status: number;
  created_at: string;
}
export interface TemplatesTable {
  id: Generated<number>;
  company_id: number;
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
}
export interface TemplateVersionsTable {
  id: Generated<number>;
  company_id: number;
  template_id: number;
  version: number;
  schema: string;
  created_at: string;
}
export interface ApplicationsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string;
  template_id: number;
  category_id: number | null;
  app_key: string;
  status: number;
  created_at: string;
}
export interface ApplicationStaffTable {
  id: Generated<number>;
  company_id: number;
  application_id: number;
  staff_id: number;
}
export interface RequestersTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  phone: string;
  ident_hash: string;
  created_at: string;
}
export interface WorkOrdersTable {
  id: Generated<number>;
  company_id: number;
  order_no: string;
  title: string;
  status: string;
  application_id: number;
  template_id: number;
  template_version: number;
  category_id: number | null;
  handler_id: number | null;
  requester_id: number | null;
  requester_name: string;
  requester_phone: string;
  creator_staff_id: number | null;
  form_data: string;
  reason: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  deleted_at: string | null;
}
export interface WorkOrderStatusCountsTable {
  company_id: number;
  status: string;
  count: number;
}
export interface WorkOrderRecordsTable {
  id: Generated<number>;
  company_id: number;
  work_order_id: number;
  action: string;
  from_status: string | null;
  to_status: string | null;
  actor_staff_id: number | null;
  actor_name: string;
  target_staff_id: number | null;
  target_name: string | null;
  note: string | null;
  is_internal: number;
  /** JSON: e.g. the form values an edit replaced. */
  detail: string | null;
  created_at: string;
}
export interface IdempotencyKeysTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
}
export interface OperationLogsTable {
  id: Generated<number>;
  company_id: number | null;
  user_id: number | null;
  username: string;
  module: string;
  action: string;
  target_id: number | null;
  detail: string;
  ip: string;
  created_at: string;
}
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}
export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  created_at: string;
}
export interface UploadsTable {
  id: Generated<number>;
  company_id: number | null;
  user_id: number | null;
  file_key: string;
  name: string;
  mime: string;
  size: number;
  created_at: string;
}
export interface QrLoginsTable {
  id: Generated<number>;
  code_hash: string;
  status: string;
  user_id: number | null;
  created_at: string;
  expires_at: string;
}

/** A running import of a company (one at a time); `expires_at` frees a crashed holder's lock. */
export interface ImportLocksTable {
  company_id: number;
  holder: string;
  expires_at: string;
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
  applications: ApplicationsTable;
  application_staff: ApplicationStaffTable;
  requesters: RequestersTable;
  work_orders: WorkOrdersTable;
  work_order_status_counts: WorkOrderStatusCountsTable;
  work_order_records: WorkOrderRecordsTable;
  operation_logs: OperationLogsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  uploads: UploadsTable;
  qr_logins: QrLoginsTable;
  idempotency_keys: IdempotencyKeysTable;
  import_locks: ImportLocksTable;
}
