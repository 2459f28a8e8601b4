/**
 * `/account/settings` (docs/product.md, section 2; docs/design.md, "Account pages"): the
 * person's own settings, reachable from the user menu, not from the side menu. Sections
 * appear here as they are built; today: security (password, two-factor sign-in, sessions)
 * and notification (which events notify the person in the app).
 */
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import NotificationSettings from './NotificationSettings.tsx';
import SecuritySettings from './SecuritySettings.tsx';

const SECTIONS = ['security', 'notification'] as const;
type Section = (typeof SECTIONS)[number];

export default function AccountSettings() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = SECTIONS.find((s) => s === asked) ?? 'security';
  return (
    <Card className="page-card" variant="borderless" title={t('account.settings.title')}>
      <Tabs
        tabPosition="left"
        activeKey={section}
        onChange={(k) => setParams({ section: k }, { replace: true })}
        items={[
          { key: 'security', label: t('account.settings.security'), children: <SecuritySettings /> },
          { key: 'notification', label: t('account.settings.notification'), children: <NotificationSettings /> },
        ]}
      />
    </Card>
  );
}
