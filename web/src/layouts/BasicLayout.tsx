/**
 * The basic layout (docs/product.md, section 2): the side (or top) menu from the menu-derived
 * routes, a collapsible sidebar, a drawer menu in mobile mode, the header with the user
 * menu, the multi-tab bar, the page, the company and password dialogs, the
 * awaiting-assignment reminder and, in development only, the settings drawer.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Drawer, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadFeedback } from '../app/feedback.tsx';
import { useSession } from '../app/session.ts';
import { useSettings } from '../app/settings.ts';
import ChangePassword from '../components/ChangePassword.tsx';
import CompanySwitch from '../components/CompanySwitch.tsx';
import { useDialogs } from '../components/dialogs.ts';
import ErrorBoundary from '../components/ErrorBoundary.tsx';
import MultiTab from '../components/MultiTab.tsx';
import PageLoading from '../components/PageLoading.tsx';
import { useMobile } from '../components/useMobile.ts';
import { useLiveUpdates } from '../components/useLiveUpdates.ts';
import { useReminder } from '../components/useReminder.ts';
import HeaderBar from './HeaderBar.tsx';
import Logo from './Logo.tsx';
import NavMenu from './NavMenu.tsx';

/** The settings drawer exists only in development builds. */
const SettingsPanel = import.meta.env.DEV ? lazy(() => import('./SettingsPanel.tsx')) : null;

// Wide enough for the logo and the longest menu title (pt-BR "Ordens de serviço" nested).
const SIDER_WIDTH = 240;
const SIDER_COLLAPSED_WIDTH = 64;

export default function BasicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const settings = useSettings();
  const companyPrompt = useSession((s) => s.companyPrompt);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useMobile();
  useReminder();
  useLiveUpdates();
  // Signed-in pages give feedback on nearly every action: load its holder now, not on the first.
  useEffect(loadFeedback, []);

  // Several companies and none chosen at login: ask which one, not closable.
  useEffect(() => {
    if (!companyPrompt) return;
    useDialogs.getState().openCompany(false);
    useSession.getState().setCompanyPrompt(false);
  }, [companyPrompt]);

  const { isMobile, sideCollapsed, layout, fixSiderbar, multiTab, contentWidth, theme } = settings;
  const side = layout === 'sidemenu' || isMobile;
  const navTheme = theme === 'light' ? 'light' : 'dark';
  const siderWidth = sideCollapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;

  const sider = (collapsed: boolean, fixed: boolean) => (
    <Layout.Sider
      theme={navTheme}
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      className={`app-sider${fixed ? ' app-sider-fixed' : ''}`}
    >
      <Logo collapsed={collapsed} dark={navTheme === 'dark'} />
      <NavMenu mode="inline" theme={navTheme} collapsed={collapsed} onNavigate={() => setDrawerOpen(false)} />
    </Layout.Sider>
  );

  return (
    <Layout className="basic-layout" hasSider={side && !isMobile}>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          width={SIDER_WIDTH}
          styles={{ body: { padding: 0, display: 'flex' } }}
        >
          {sider(false, false)}
        </Drawer>
      ) : side ? (
        sider(sideCollapsed, fixSiderbar)
      ) : null}
      <Layout className="app-main" style={{ marginInlineStart: side && !isMobile && fixSiderbar ? siderWidth : 0 }}>
        <HeaderBar collapsed={isMobile ? true : sideCollapsed} onTrigger={() => (isMobile ? setDrawerOpen(true) : settings.toggleCollapsed())} />
        {multiTab ? <MultiTab /> : null}
        <Layout.Content className={`app-content${contentWidth === 'Fixed' && !isMobile ? ' app-content-fixed' : ''}`}>
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Layout.Content>
        <Layout.Footer className="app-footer">{t('layout.footer', { year: new Date().getFullYear() })}</Layout.Footer>
      </Layout>
      <CompanySwitch />
      <ChangePassword />
      {SettingsPanel ? (
        <Suspense fallback={null}>
          <SettingsPanel />
        </Suspense>
      ) : null}
    </Layout>
  );
}
