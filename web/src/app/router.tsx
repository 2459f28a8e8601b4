/**
 * The route table (docs/product.md, section 2): static routes (exception pages, /404, the /user
 * layout, the standalone public pages) plus the routes built from the menu tree of the
 * current company, all under the route guard.
 */
import { Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import UserLayout from '../layouts/UserLayout.tsx';
import PageLoading from '../components/PageLoading.tsx';
import { preloadCalls } from './api.ts';
import { firstPath, hasPath } from './dynamicRoutes.ts';
import { RouteGuard, signInDestination } from './guard.tsx';
import { isLazyPage, lazyPage, preloadAhead } from './lazyPage.ts';
import { RouteObjectsContext, type RouteHandle } from './routeContext.ts';
import { ENROL_ROUTE, LOGIN_PATH, type AppRoute } from './routeTypes.ts';
import { useSession } from './session.ts';

// The signed-in layout (menus, tabs, header) is a chunk of its own: the login page does not load it.
const BasicLayout = lazyPage(() => import('../layouts/BasicLayout.tsx'), { queryRoot: true });
const LazyException = lazyPage(() => import('../pages/exception/ExceptionPage.tsx'));
// The login page's messages are in the first load (i18n.ts): it does not wait for the rest.
// Nor does it load react-query: it runs no query (lazyPage.ts, queryRoot).
const Login = lazyPage(() => import('../pages/user/Login.tsx'), { firstScreen: true });
const Register = lazyPage(() => import('../pages/user/Register.tsx'), { queryRoot: true });
const Recover = lazyPage(() => import('../pages/user/Recover.tsx'));
const QrApprove = lazyPage(() => import('../pages/user/QrApprove.tsx'), { queryRoot: true });
const TwoFactorSetup = lazyPage(() => import('../pages/user/TwoFactorSetup.tsx'));
const InputPage = lazyPage(() => import('../pages/public/InputPage.tsx'), { queryRoot: true });
const OrderListPage = lazyPage(() => import('../pages/portal/OrderListPage.tsx'), { queryRoot: true });
const OrderInfoPage = lazyPage(() => import('../pages/portal/OrderInfoPage.tsx'), { queryRoot: true });
const EditInputPage = lazyPage(() => import('../pages/portal/EditInputPage.tsx'), { queryRoot: true });
// A list leads to its detail: the detail's chunk loads once the list is shown (lazyPage `next`).
const WorkOrderList = lazyPage(() => import('../pages/workorder/WorkOrderList.tsx'), { next: () => WorkOrderDetail });
const WorkOrderDetail = lazyPage(() => import('../pages/workorder/WorkOrderDetail.tsx'));
const ApplicationList = lazyPage(() => import('../pages/application/ApplicationList.tsx'));
const Analysis = lazyPage(() => import('../pages/dashboard/Analysis.tsx'));
const MyWorkOrders = lazyPage(() => import('../pages/mine/MyWorkOrders.tsx'), { next: () => WorkOrderDetail });
const DepartmentList = lazyPage(() => import('../pages/organisation/DepartmentList.tsx'));
const PositionList = lazyPage(() => import('../pages/organisation/PositionList.tsx'));
const StaffList = lazyPage(() => import('../pages/organisation/StaffList.tsx'));
const CategoryList = lazyPage(() => import('../pages/system/CategoryList.tsx'));
const OperationLog = lazyPage(() => import('../pages/system/OperationLog.tsx'));
const RoleList = lazyPage(() => import('../pages/system/RoleList.tsx'));
const MenuList = lazyPage(() => import('../pages/platform/MenuList.tsx'));
const AccountList = lazyPage(() => import('../pages/platform/AccountList.tsx'));
const CompanyList = lazyPage(() => import('../pages/platform/CompanyList.tsx'));
const TemplateList = lazyPage(() => import('../pages/template/TemplateList.tsx'));
const TemplateLibrary = lazyPage(() => import('../pages/template/TemplateLibrary.tsx'));
const TemplateGalleryPage = lazyPage(() => import('../pages/public/TemplateGalleryPage.tsx'), { queryRoot: true });
const TemplateDesigner = lazyPage(() => import('../pages/template/designer/TemplateDesigner.tsx'));
const AccountSettings = lazyPage(() => import('../pages/account/AccountSettings.tsx'));
const AccountCenter = lazyPage(() => import('../pages/account/AccountCenter.tsx'));

/** An exception page (its own chunk), with its loading state for routes outside the layouts. */
function ExceptionPage(props: { type: '403' | '404' | '500'; standalone?: boolean }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyException {...props} />
    </Suspense>
  );
}

/** Components a menu item's url_name binds to. */
const COMPONENTS: Record<string, ComponentType> = {
  RouteView: Outlet,
  WorkOrderList,
  WorkOrderDetail,
  ApplicationList,
  Analysis,
  MyWorkOrders,
  DepartmentList,
  PositionList,
  StaffList,
  RoleList,
  CategoryList,
  OperationLog,
  MenuList,
  AccountList,
  CompanyList,
  TemplateList,
  TemplateLibrary,
};

/** Where '/dashboard' leads (docs/product.md, section 2), when the menu has the analysis page. */
const DASHBOARD_HOME = '/dashboard/analysis';

function handle(name: string, meta: RouteHandle['meta'] = {}, redirect = false): RouteHandle {
  return { name, meta, redirect };
}

/** Flattens the menu-derived routes: every route is a direct child of the basic layout. */
function dynamicObjects(routes: AppRoute[]): RouteObject[] {
  const out: RouteObject[] = [];
  const walk = (list: AppRoute[]) => {
    for (const r of list) {
      if (r.meta.target) continue;
      const Page = r.component ? COMPONENTS[r.component] : undefined;
      let element: ReactNode;
      if (r.redirect && (!Page || Page === Outlet)) element = <Navigate to={r.redirect} replace />;
      else if (Page && Page !== Outlet) element = <Page />;
      else element = <ExceptionPage type="404" />;
      out.push({ path: r.path, element, handle: handle(r.name, r.meta, !!r.redirect && (!Page || Page === Outlet)) });
      if (r.children) walk(r.children);
    }
  };
  walk(routes);
  return out;
}

const exceptionMeta = (code: string) => ({ title: `menu.exception.${code}`, hidden: true });

/** Builds all route objects from the menu-derived routes. */
export function buildRouteObjects(routes: AppRoute[]): RouteObject[] {
  const home = firstPath(routes) ?? '/403';
  return [
    {
      path: '/',
      element: (
        <Suspense fallback={<PageLoading />}>
          <BasicLayout />
        </Suspense>
      ),
      handle: handle('index', {}, true),
      children: [
        { index: true, element: <Navigate to={home} replace />, handle: handle('index', {}, true) },
        ...dynamicObjects(routes),
        ...(hasPath(routes, DASHBOARD_HOME)
          ? [{ path: '/dashboard', element: <Navigate to={DASHBOARD_HOME} replace />, handle: handle('dashboard', {}, true) }]
          : []),
        { path: '/exception', element: <Navigate to="/exception/403" replace />, handle: handle('exception', {}, true) },
        { path: '/exception/403', element: <ExceptionPage type="403" />, handle: handle('Exception403', exceptionMeta('403')) },
        { path: '/exception/404', element: <ExceptionPage type="404" />, handle: handle('Exception404', exceptionMeta('404')) },
        { path: '/exception/500', element: <ExceptionPage type="500" />, handle: handle('Exception500', exceptionMeta('500')) },
        { path: '/403', element: <ExceptionPage type="403" />, handle: handle('403', exceptionMeta('403')) },
        { path: '/template/design/:id', element: <TemplateDesigner />, handle: handle('templateDesign', { title: 'designer.title', hidden: true }) },
        { path: '/account/center', element: <AccountCenter />, handle: handle('accountCenter', { title: 'account.center.title', hidden: true }) },
        { path: '/account/settings', element: <AccountSettings />, handle: handle('accountSettings', { title: 'account.settings.title', hidden: true }) },
      ],
    },
    {
      path: '/user',
      element: <UserLayout />,
      handle: handle('user', {}, true),
      children: [
        { index: true, element: <Navigate to="/user/login" replace />, handle: handle('user', {}, true) },
        { path: 'login', element: <Login />, handle: handle('login', { title: 'menu.user.login' }) },
        { path: 'register', element: <Register />, handle: handle('register', { title: 'menu.user.register' }) },
        { path: 'recover', element: <Recover />, handle: handle('recover', { title: 'menu.user.recover' }) },
        { path: 'wechat', element: <QrApprove />, handle: handle('wechat', { title: 'menu.user.wechat' }) },
        // Signed in, not white-listed: the guard loads the user info first (allowed while the enrolment is owed).
        { path: 'two-factor-setup', element: <TwoFactorSetup />, handle: handle(ENROL_ROUTE, { title: 'twoFactorRequired.title' }) },
        // Old links: there is no sign-up to report on.
        { path: 'register-result', element: <Navigate to="/user/register" replace />, handle: handle('registerResult', { title: 'menu.user.registerResult' }) },
      ],
    },
    { path: '/input', element: <InputPage />, handle: handle('input', { title: 'menu.input' }) },
    { path: '/orderList', element: <OrderListPage />, handle: handle('orderList', { title: 'portal.orderList.title' }) },
    { path: '/orderInfo', element: <OrderInfoPage />, handle: handle('orderInfo', { title: 'portal.orderInfo.title' }) },
    { path: '/editInput', element: <EditInputPage />, handle: handle('editInput', { title: 'portal.edit.title' }) },
    { path: '/templateList', element: <TemplateGalleryPage />, handle: handle('templateList', { title: 'template.gallery.title' }) },
    { path: '/templateListCopy', element: <TemplateGalleryPage copy />, handle: handle('templateListCopy', { title: 'template.gallery.title' }) },
    { path: '/404', element: <ExceptionPage type="404" standalone />, handle: handle('404', exceptionMeta('404')) },
    { path: '*', element: <Navigate to="/404" replace />, handle: handle('*', {}, true) },
  ];
}

/**
 * Once the menus are known (after sign-in, or on a reload), starts loading what the first
 * signed-in page needs, together: the layout, the page shown (from the login page: the one
 * the guard sends the user to) and the whole call table. Rendered one after the other, each
 * chunk was asked for only once the one before it had rendered (docs/design.md, "Sign-in to
 * the first page").
 */
function preloadFirstPage(objects: RouteObject[], routes: AppRoute[], { pathname, search }: { pathname: string; search: string }) {
  if (!routes.length) return;
  preloadAhead(BasicLayout.preload);
  preloadAhead(preloadCalls);
  for (const m of matchRoutes(objects, pathname === LOGIN_PATH ? signInDestination(search, routes) : pathname) ?? []) {
    const type = (m.route.element as { type?: unknown } | undefined)?.type;
    if (isLazyPage(type)) preloadAhead(type.preload);
  }
}

/** Renders the route the location matches, behind the route guard. */
export function AppRoutes() {
  const routes = useSession((s) => s.routes);
  const objects = useMemo(() => buildRouteObjects(routes), [routes]);
  const location = useLocation();
  // The menus changing, not each navigation: the location is read as it is then.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => preloadFirstPage(objects, routes, location), [objects]);
  const element = useRoutes(objects);
  return (
    <RouteObjectsContext.Provider value={objects}>
      <RouteGuard>{element}</RouteGuard>
    </RouteObjectsContext.Provider>
  );
}
