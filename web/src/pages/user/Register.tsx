/**
 * "Get an account": there is no self sign-up (staff accounts are created by a company's
 * administrator), so this page says whom to ask instead of offering a form.
 */
import { Result } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function Register() {
  const { t } = useTranslation();
  return (
    <div className="login-main" data-testid="get-account">
      <Result
        icon={<TeamOutlined />}
        title={<h1 className="register-title">{t('register.title')}</h1>}
        subTitle={t('register.howTo')}
        extra={<Link to="/user/login">{t('register.toLogin')}</Link>}
      />
    </div>
  );
}
