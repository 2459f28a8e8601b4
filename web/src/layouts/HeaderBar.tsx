/**
 * The header of the basic layout: the sidebar trigger (or the logo and horizontal menu in
 * the top-menu layout), the current company, the notification bell (within a company), the
 * language selector and the user menu.
 */
import { Button, Layout, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../app/session.ts';
import { useSettings } from '../app/settings.ts';
import { useDialogs } from '../components/dialogs.ts';
import LangSelect from '../components/LangSelect.tsx';
import Logo from './Logo.tsx';
import NavMenu from './NavMenu.tsx';
import NotificationBell from './NotificationBell.tsx';
import UserMenu from './UserMenu.tsx';

export default function HeaderBar({ onTrigger, collapsed }: { onTrigger: () => void; collapsed: boolean }) {
  const { t } = useTranslation();
  const company = useSession((s) => s.company);
  const openCompany = useDialogs((s) => s.openCompany);
  const { layout, isMobile, theme, fixedHeader } = useSettings();
  const top = layout === 'topmenu' && !isMobile;
  const dark = top && theme !== 'light';

  return (
    <Layout.Header className={`app-header${dark ? ' app-header-dark' : ''}${fixedHeader ? ' app-header-fixed' : ''}`}>
      {top ? (
        <>
          <Logo dark={dark} />
          <NavMenu mode="horizontal" theme={dark ? 'dark' : 'light'} />
        </>
      ) : (
        <Button
          type="text"
          className="header-trigger"
          aria-label={t(collapsed ? 'layout.expand' : 'layout.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onTrigger}
        />
      )}
      <div className="header-spacer" />
      <div className="header-right">
        {company && !isMobile ? (
          <Tooltip title={t('user.menu.switchCompany')}>
            <Button type="text" icon={<ShopOutlined />} onClick={() => openCompany(true)} className="header-company">
              {company.company_name}
            </Button>
          </Tooltip>
        ) : null}
        {company ? <NotificationBell dark={dark} /> : null}
        <LangSelect />
        <UserMenu />
      </div>
    </Layout.Header>
  );
}
