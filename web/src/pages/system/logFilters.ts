/**
 * The operation log's filters and page as a URL table (useUrlTable), and the module and
 * action names the filters offer (those the server writes).
 */
import { param, urlTable } from '../../app/urlTable.ts';

export const LOG_MODULES = ['work_order', 'auth', 'department', 'position', 'category', 'staff', 'role', 'application', 'company'] as const;
export const LOG_ACTIONS = [
  'add',
  'create',
  'edit',
  'delete',
  'enable',
  'disable',
  'login',
  'logout',
  'change_password',
  'recover_password',
  'qr_approve',
  'qr_deny',
  'invite',
  'accept_invitation',
  'enable_2fa',
  'disable_2fa',
  'revoke_session',
  'change_notifications',
  'update_profile',
  'change_avatar',
  'change_phone',
  'update_ui_settings',
  'remove_device',
  'claim',
  'assign',
  'dispatch',
  'complete',
  'reject',
  'cancel',
  'withdraw',
  'note',
  'examine_pass',
  'examine_fail',
  'import',
  'export',
  'reset_password',
  'bind',
  'reset_key',
] as const;

/** Module, action, keyword (username or IP), date range and page; 20 rows a page. */
export const LOG_TABLE = urlTable(
  {
    module: param.oneOf(LOG_MODULES, ''),
    action: param.oneOf(LOG_ACTIONS, ''),
    keyword: param.text(),
    date_from: param.day(),
    date_to: param.day(),
  },
  { pageSize: 20 },
);

/** Every filter cleared (paging back to page 1). */
export const NO_LOG_FILTERS = { module: '', action: '', keyword: '', date_from: '', date_to: '' } as const;
