/** The product logo and title ('smart work order') shown atop the menu. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function Logo({ collapsed = false, dark = true }: { collapsed?: boolean; dark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={`app-logo${dark ? ' app-logo-dark' : ''}`}>
      <img src="/logo.svg" alt="" width={30} height={30} />
      {collapsed ? null : <span className="app-logo-title">{t('app.title')}</span>}
    </Link>
  );
}
