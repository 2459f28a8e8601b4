/**
 * `/user/register`: sign-up is by invitation only (docs/design.md, "Invitations"). With an
 * `invitation` link the person accepts it (AcceptInvitation); without one the page says
 * how to get an account instead of offering a form.
 */
import { Result } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import AcceptInvitation from './AcceptInvitation.tsx';

export default function Register() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const invitation = params.get('invitation');
  return (
    <div className="login-main" data-testid={invitation ? undefined : 'get-account'}>
      {invitation ? (
        <AcceptInvitation token={invitation} />
      ) : (
        <Result
          icon={<TeamOutlined />}
          title={<h1 className="register-title">{t('register.title')}</h1>}
          subTitle={t('register.howTo')}
          extra={<Link to="/user/login">{t('register.toLogin')}</Link>}
        />
      )}
    </div>
  );
}
