/**
 * Shown when the user info of the current company could not be loaded: the user stays in
 * place and may retry, switch company or sign out (docs/product.md, section 8).
 */
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDialogs } from './dialogs.ts';
import CompanySwitch from './CompanySwitch.tsx';
import { useSession } from '../app/session.ts';

export default function InfoError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const openCompany = useDialogs((s) => s.openCompany);
  return (
    <>
      <Result
        status="warning"
        title={t('guard.userInfoFailed')}
        extra={
          <Space wrap>
            <Button type="primary" onClick={onRetry}>
              {t('buttons.retry')}
            </Button>
            <Button onClick={() => openCompany(true)}>{t('user.menu.switchCompany')}</Button>
            <Button onClick={() => void useSession.getState().logout()}>{t('user.menu.logout')}</Button>
          </Space>
        }
      />
      <CompanySwitch />
    </>
  );
}
