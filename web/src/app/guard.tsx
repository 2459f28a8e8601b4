/**
 * The route guard (docs/product.md, section 2): white-listed route names open without a token;
 * any other route without a token goes to login with a redirect query holding the full
 * original path; a signed-in user opening login goes to the redirect query or the default
 * path; the first navigation with a token and no roles loads the user info and builds the
 * routes; while the server says a two-factor enrolment is owed, every route goes to its
 * screen. Also runs the top progress bar and sets the page title.
 */
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import NProgress from 'nprogress';
import PageLoading from '../components/PageLoading.tsx';
import { landingPath } from './dynamicRoutes.ts';
import { feedback } from './feedback.tsx';
import { translateTitle } from './i18n.ts';
import { lazyPage } from './lazyPage.ts';
import { ApiError } from './request.ts';
import { useCurrentRoute } from './routeContext.ts';
import { ENROL_PATH, ENROL_ROUTE, LOGIN_PATH, WHITE_LIST, type AppRoute } from './routeTypes.ts';
import { useSession } from './session.ts';

/** Shown only when the user info fails to load: not part of the first screen's JavaScript. */
const InfoError = lazyPage(() => import('../components/InfoError.tsx'));

NProgress.configure({ showSpinner: false });

/** A redirect target from the query, only when it is a path of this site. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  return value;
}

/** Where a signed-in user on the login page is sent: the redirect query's path, else the landing page. */
export function signInDestination(search: string, routes: AppRoute[]): string {
  return safeRedirect(new URLSearchParams(search).get('redirect')) ?? landingPath(routes);
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const current = useCurrentRoute();
  const { t, i18n } = useTranslation();
  const token = useSession((s) => s.token);
  const roles = useSession((s) => s.roles);
  const routes = useSession((s) => s.routes);
  const enrolRequired = useSession((s) => s.enrolRequired);
  // The token whose user-info load failed: the user stays in place until a retry.
  const [failedToken, setFailedToken] = useState<string | null>(null);
  const needInfo = !!token && !roles;
  const infoFailed = failedToken === token;
  const name = current?.name ?? '';
  const whiteListed = WHITE_LIST.includes(name);

  // Top progress bar on every route change.
  useEffect(() => {
    NProgress.start();
    const timer = window.setTimeout(() => NProgress.done(), 120);
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.search]);

  // Page title = route meta title + product title.
  useEffect(() => {
    const title = translateTitle(current?.meta.title);
    document.title = title ? `${title} - ${t('app.title')}` : t('app.title');
  }, [current, t, i18n.language]);

  // First navigation with a token and no roles: load the user info, build the routes.
  useEffect(() => {
    if (!needInfo || infoFailed || (whiteListed && name !== 'login')) return;
    useSession
      .getState()
      .getInfo()
      .catch((e: unknown) => {
        setFailedToken(token);
        // Code 101 was already reported by the HTTP client, which signed the user out.
        if (e instanceof ApiError && e.code === 101) return;
        feedback.notification.error({ message: t('request.errorTitle'), description: t('guard.userInfoFailed') });
      });
  }, [needInfo, infoFailed, whiteListed, name, token, t]);

  if (!token) {
    if (whiteListed) return children;
    const full = location.pathname + location.search + location.hash;
    return <Navigate to={`${LOGIN_PATH}?redirect=${encodeURIComponent(full)}`} replace />;
  }
  // An owed two-factor enrolment: its screen is the only page (docs/design.md, "Two-factor required for administrators").
  if (enrolRequired && name !== ENROL_ROUTE) return <Navigate to={ENROL_PATH} replace />;
  if (name === 'login') {
    if (needInfo) return infoFailed ? children : <PageLoading />;
    return <Navigate to={signInDestination(location.search, routes)} replace />;
  }
  if (whiteListed) return children;
  if (needInfo)
    return infoFailed ? (
      <Suspense fallback={<PageLoading />}>
        <InfoError onRetry={() => setFailedToken(null)} />
      </Suspense>
    ) : (
      <PageLoading />
    );
  return children;
}
