/**
 * `/account/settings` (docs/product.md, section 2; docs/design.md, "Account pages"): the
 * person's own settings, reachable from the user menu, not from the side menu: basic
 * (profile, avatar, phone), security (password, two-factor sign-in, sessions), custom
 * (theme settings), binding (devices that approved QR sign-ins) and notification (which
 * events notify the person in the app). `?section=` opens one.
 */
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import BasicSettings from './BasicSettings.tsx';
import BindingSettings from './BindingSettings.tsx';
import CustomSettings from './CustomSettings.tsx';
import NotificationSettings from './NotificationSettings.tsx';
import SecuritySettings from './SecuritySettings.tsx';

const SECTIONS = ['basic', 'security', 'custom', 'binding', 'notification'] as const;
type Section = (typeof SECTIONS)[number];

export default function AccountSettings() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = SECTIONS.find((s) => s === asked) ?? 'basic';
  return (
    <Card className="page-card" variant="borderless" title={t('account.settings.title')}>
      <Tabs
        tabPosition="left"
        activeKey={section}
        onChange={(k) => setParams({ section: k }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'basic', label: t('account.settings.basic'), children: <BasicSettings /> },
          { key: 'security', label: t('account.settings.security'), children: <SecuritySettings /> },
          { key: 'custom', label: t('account.settings.custom'), children: <CustomSettings /> },
          { key: 'binding', label: t('account.settings.binding'), children: <BindingSettings /> },
          { key: 'notification', label: t('account.settings.notification'), children: <NotificationSettings /> },
        ]}
      />
    </Card>
  );
}
