/**
 * The SPA's route description: a path, a name (the route guard's white list and the tab
 * bar use it), the component name it binds to, an optional redirect and its meta.
 */

/** Permissions a route carries (docs/product.md, section 6: permissionId and its actions). */
export interface RoutePermission {
  permissionId: string;
  actions: string[];
}

export interface RouteMeta {
  /** Translation key of the title (shown as is when no such key exists). */
  title?: string;
  /** An @ant-design/icons component name. */
  icon?: string;
  /** Not shown in the menu. */
  hidden?: boolean;
  permission?: RoutePermission;
  /** Opens elsewhere (external links). */
  target?: string;
}

export interface AppRoute {
  /** Absolute path. */
  path: string;
  name: string;
  /** Component name (a menu item's url_name), e.g. 'RouteView', 'WorkOrderList'. */
  component?: string;
  redirect?: string;
  meta: RouteMeta;
  children?: AppRoute[];
}

/**
 * Route names reachable without a token (docs/product.md, section 2, route guard); the reminder
 * is also silent on them (docs/product.md, section 8).
 */
export const WHITE_LIST: readonly string[] = [
  'login',
  'register',
  'registerResult',
  'wechat',
  // Ours: password recovery by SMS code (docs/design.md, "Sign-in by SMS").
  'recover',
  'input',
  'orderList',
  'editInput',
  'orderInfo',
  'templateList',
  'templateListCopy',
];

/** Login route (docs/product.md, section 9). */
export const LOGIN_PATH = '/user/login';
/** The enrolment screen an administrator must pass first (docs/design.md, "Two-factor required for administrators"). */
export const ENROL_PATH = '/user/two-factor-setup';
export const ENROL_ROUTE = 'twoFactorSetup';
/** Default landing path after login when the menu has it (docs/product.md, section 9). */
export const DEFAULT_PATH = '/menuList';
