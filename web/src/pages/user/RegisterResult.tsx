/**
 * The registration result page (SPEC.md section 2): success message, activation e-mail
 * sent and valid for 24 hours, buttons back to home and view mailbox.
 */
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

export default function RegisterResult() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = (useLocation().state as { email?: string } | null)?.email ?? '';
  const domain = email.includes('@') ? email.split('@')[1] : '';
  return (
    <Result
      status="success"
      title={t('registerResult.title', { email })}
      subTitle={t('registerResult.description')}
      extra={
        <Space>
          <Button type="primary" disabled={!domain} href={domain ? `https://mail.${domain}` : undefined} target="_blank">
            {t('registerResult.viewMailbox')}
          </Button>
          <Button onClick={() => navigate('/')}>{t('registerResult.backHome')}</Button>
        </Space>
      }
    />
  );
}
