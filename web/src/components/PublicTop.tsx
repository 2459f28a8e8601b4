/** The top bar of the public pages (requester form and portal): product name and language selector. */
import { useTranslation } from 'react-i18next';
import LangSelect from './LangSelect.tsx';

export default function PublicTop() {
  const { t } = useTranslation();
  return (
    <div className="public-top">
      <span className="public-brand">
        <img src="/logo.svg" alt="" width={24} height={24} />
        {t('app.title')}
      </span>
      <LangSelect />
    </div>
  );
}
