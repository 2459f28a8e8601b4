/**
 * Every react-query key of the SPA, from one factory (the "query key factory" pattern):
 * keys are built here only, so a typo cannot split a cache entry from its invalidation,
 * and they nest, so invalidating a prefix reaches every query under it. Under
 * `workOrders.all` live the lists, the status counts, the details (with their assignment
 * history) and "my work orders": one order action changes any of them.
 */
import type { QueryClient } from '@tanstack/react-query';
import type {
  AccountListParams,
  MyWorkOrderParams,
  NamedItemQuery,
  OperationLogParams,
  PlatformCompanyListParams,
  RoleListParams,
  StaffListParams,
  StatsRange,
  TemplateListParams,
  WorkOrderListParams,
} from './api.ts';

const workOrdersRoot = ['workOrders'] as const;
const workOrderDetail = (id: number) => [...workOrdersRoot, 'detail', id] as const;
const myWorkOrdersRoot = [...workOrdersRoot, 'mine'] as const;
const applicationsRoot = ['applications'] as const;
const templatesRoot = ['templates'] as const;
const staffRoot = ['staff'] as const;
const statsRoot = ['stats'] as const;
const portalRoot = ['portal'] as const;
const departmentsRoot = ['departments'] as const;
/** Positions and categories: the same kind of list (the organisation's named items). */
const namedItemsRoot = (kind: 'position' | 'category') => [kind === 'position' ? 'positions' : 'categories'] as const;
const operationLogRoot = ['operationLog'] as const;
const notificationsRoot = ['notifications'] as const;
const rolesRoot = ['roles'] as const;
const requester = (ident: string) => [...portalRoot, ident] as const;
/** The platform's screens: the global menu tree, the accounts and the companies. */
const menusRoot = ['menus'] as const;
const accountsRoot = ['accounts'] as const;
const platformCompaniesRoot = ['platformCompanies'] as const;

export const keys = {
  workOrders: {
    all: workOrdersRoot,
    lists: () => [...workOrdersRoot, 'list'] as const,
    list: (params: WorkOrderListParams) => [...workOrdersRoot, 'list', params] as const,
    counts: () => [...workOrdersRoot, 'counts'] as const,
    details: () => [...workOrdersRoot, 'detail'] as const,
    detail: workOrderDetail,
    /** Keyed by the order's version too: each change of the order may add a record. */
    assignHistory: (id: number, version: number) => [...workOrderDetail(id), 'assign', version] as const,
  },
  /** Under `workOrders.all`: an action on an order changes what is mine to handle. */
  myWorkOrders: {
    all: myWorkOrdersRoot,
    list: (params: MyWorkOrderParams) => [...myWorkOrdersRoot, params] as const,
  },
  applications: {
    all: applicationsRoot,
    list: (page: { pageNo: number; pageSize: number }) => [...applicationsRoot, 'list', page] as const,
    /** The application filter's choices: every application ('all') or those bound to the user ('bound'). */
    choices: (scope: 'all' | 'bound') => [...applicationsRoot, 'choices', scope] as const,
    /** The staff bound to one application (`user_list`). */
    boundStaff: (id: number) => [...applicationsRoot, 'boundStaff', id] as const,
  },
  /** Templates: the company's own ('private') and the platform's library ('library'). */
  templates: {
    all: templatesRoot,
    list: (kind: 'private' | 'library', params: TemplateListParams) => [...templatesRoot, kind, 'list', params] as const,
    /** One template with the form of one version (0 = the current one). */
    detail: (kind: 'private' | 'library', id: number, version = 0) => [...templatesRoot, kind, 'detail', id, version] as const,
    /** What an application form offers: the company's enabled templates and the library's. */
    choices: () => [...templatesRoot, 'choices'] as const,
  },
  staff: {
    all: staffRoot,
    /** Who may receive an order (with their open-order load); 0 = no application. */
    assignable: (applicationId: number | undefined) => [...staffRoot, 'assignable', applicationId ?? 0] as const,
    /** The staff screen's page of members. */
    list: (params: StaffListParams) => [...staffRoot, 'list', params] as const,
    /** The company's applications with whether the member handles each. */
    applications: (staffId: number) => [...staffRoot, 'applications', staffId] as const,
  },
  stats: {
    all: statsRoot,
    applications: (range: StatsRange) => [...statsRoot, 'applications', range] as const,
    staff: (range: StatsRange) => [...statsRoot, 'staff', range] as const,
  },
  /** The company's departments (one flat list: the tree is built from it). */
  departments: {
    all: departmentsRoot,
    /** The enabled departments with staff counts (`orglist`): under `all`, so a department change refreshes it. */
    org: () => [...departmentsRoot, 'org'] as const,
  },
  /** Positions ('position') or categories ('category'). */
  namedItems: {
    all: namedItemsRoot,
    list: (kind: 'position' | 'category', params: NamedItemQuery) => [...namedItemsRoot(kind), 'list', params] as const,
  },
  /** A company's roles, and the menus and actions they may be granted. */
  roles: {
    all: rolesRoot,
    list: (params: RoleListParams) => [...rolesRoot, 'list', params] as const,
    grantable: () => [...rolesRoot, 'grantable'] as const,
  },
  operationLog: {
    all: operationLogRoot,
    list: (params: OperationLogParams) => [...operationLogRoot, 'list', params] as const,
  },
  /** Every menu (the platform's menu table: one tree). */
  menus: { all: menusRoot },
  accounts: {
    all: accountsRoot,
    list: (params: AccountListParams) => [...accountsRoot, 'list', params] as const,
  },
  /** The signed-in person's own account pages. */
  account: {
    security: ['account', 'security'] as const,
    center: ['account', 'center'] as const,
    profile: ['account', 'profile'] as const,
    devices: ['account', 'devices'] as const,
    /** Which events notify the person (also read by the awaiting-assignment reminder). */
    notificationSettings: ['account', 'notificationSettings'] as const,
  },
  /** The person's notifications in the current company: the bell's latest page and its unread count. */
  notifications: {
    all: notificationsRoot,
    latest: () => [...notificationsRoot, 'latest'] as const,
  },
  /** An invitation link's company and member. */
  invitation: (token: string) => ['invitation', token] as const,
  /** A QR sign-in ticket as the approving phone sees it. */
  qrTicket: (ticket: string) => ['qrTicket', ticket] as const,
  /** The SMS outbox's pages (platform administrators). */
  smsOutbox: (params: object) => ['smsOutbox', params] as const,
  platformCompanies: {
    all: platformCompaniesRoot,
    list: (params: PlatformCompanyListParams) => [...platformCompaniesRoot, 'list', params] as const,
  },
  /** The public form's template of an application key. */
  publicTemplate: (appKey: string) => ['publicTemplate', appKey] as const,
  /** The requester portal: everything of one ident nests under `requester(ident)`. */
  portal: {
    all: portalRoot,
    requester,
    orders: (ident: string) => [...requester(ident), 'orders'] as const,
    order: (ident: string, id: number) => [...requester(ident), 'order', id] as const,
  },
};

/**
 * After any staff action on orders: lists, counts, details and my work orders are
 * refetched when on screen, marked stale otherwise; so are the notifications, so that the
 * bell shows what arrived meanwhile without waiting for its next poll. `deletedId`: that order's detail is
 * dropped instead, since refetching it would only fetch a 404 (and its error notice).
 */
export function invalidateWorkOrders(queryClient: QueryClient, { deletedId }: { deletedId?: number } = {}): Promise<void> {
  if (deletedId !== undefined) queryClient.removeQueries({ queryKey: keys.workOrders.detail(deletedId) });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.workOrders.all }),
    queryClient.invalidateQueries({ queryKey: keys.notifications.all }),
  ]).then(() => undefined);
}

/** After a requester's action on the portal: their order list and order pages. */
export function invalidatePortal(queryClient: QueryClient, ident: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.portal.requester(ident) });
}
