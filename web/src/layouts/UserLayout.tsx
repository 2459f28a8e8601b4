/**
 * The user layout of the login pages (docs/product.md, section 2): the title 'smart work order'
 * linking to '/', the language selector, and the page below.
 */
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import LangSelect from '../components/LangSelect.tsx';
import PageLoading from '../components/PageLoading.tsx';

export default function UserLayout() {
  const { t } = useTranslation();
  return (
    <div className="user-layout">
      <div className="user-layout-lang">
        <LangSelect />
      </div>
      <div className="user-layout-content">
        <div className="user-layout-top">
          <Link to="/" className="user-layout-title">
            <img src="/logo.svg" alt="" width={44} height={44} />
            <span>{t('app.title')}</span>
          </Link>
          <div className="user-layout-desc">{t('app.description')}</div>
        </div>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
      <div className="user-layout-footer">{t('layout.footer', { year: new Date().getFullYear() })}</div>
    </div>
  );
}
