/**
 * The frame of the requester portal pages (public, no staff layout): the product name and
 * the language selector above a centred column at most 720 px wide, phone-friendly.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import LangSelect from '../../components/LangSelect.tsx';
import './portal.css';

export default function PortalShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-page portal-page">
      <div className="public-top">
        <span className="public-brand">
          <img src="/logo.svg" alt="" width={24} height={24} />
          {t('app.title')}
        </span>
        <LangSelect />
      </div>
      <div className="portal-column">{children}</div>
    </div>
  );
}
