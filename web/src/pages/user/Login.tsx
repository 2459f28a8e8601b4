/**
 * The login page (docs/product.md, sections 2 and 3): tabs account-password and mobile-number
 * (an SMS code, docs/design.md "Sign-in by SMS"), remember me, forgot password, other sign-in
 * methods (a QR code for a signed-in phone) and a sign-up link; an account with two-factor
 * sign-in then answers the second step (TwoFactorStep). A successful sign-in stores the session and picks the
 * company; the route guard then loads the user info and lands on the redirect query, or
 * /menuList when the menu has it, or the first menu url.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Checkbox, Form, theme, Tooltip } from 'antd';
// The parts, not antd's Input with TextArea, Search and OTP attached (docs/design.md, "Login page weight").
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, QrcodeOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TwoFactorRequired } from '@swo/contract';
import { sendSmsCode } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { useSession } from '../../app/session.ts';
import PageLoading from '../../components/PageLoading.tsx';
import { lazyPage, preloadAhead } from '../../app/lazyPage.ts';
import { httpClient } from '../../app/request.ts';
import LoginTabs, { loginTabId } from './LoginTabs.tsx';

/** Loaded when asked for: most sign-ins never show a QR code, a mobile number or a second step. */
const QrSignIn = lazyPage(() => import('./QrSignIn.tsx'));
const SmsCodeFields = lazyPage(() => import('./SmsCodeFields.tsx'), { firstScreen: true });
const TwoFactorStep = lazyPage(() => import('./TwoFactorStep.tsx'));
/** The error box, with its icons: loaded while a sign-in is under way, shown only if it fails. */
const loadAlert = () => import('antd/es/alert');
const Alert = lazy(loadAlert);

interface LoginForm {
  userName?: string;
  password?: string;
  mobile?: string;
  captcha?: string;
  rememberMe?: boolean;
}

type LoginTab = 'account' | 'mobile';

export default function Login() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginForm>();
  const { token } = theme.useToken();
  const [tab, setTab] = useState<LoginTab>('account');
  const [qr, setQr] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorRequired | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  const submit = async () => {
    const fields: (keyof LoginForm)[] = tab === 'account' ? ['userName', 'password', 'rememberMe'] : ['mobile', 'captcha', 'rememberMe'];
    const values = await form.validateFields(fields).catch(() => null);
    if (!values) return;
    void loadAlert().catch(() => undefined);
    setLoading(true);
    setError('');
    try {
      const pending = await useSession
        .getState()
        .login(
          tab === 'account'
            ? { username: values.userName!.trim(), password: values.password!, remember_me: !!values.rememberMe, captcha: '' }
            : { mobile: values.mobile!.trim(), captcha: (values.captcha ?? '').trim(), remember_me: !!values.rememberMe },
        );
      if (pending) {
        setChallenge(pending);
        return;
      }
      const { welcome, enrolRequired } = useSession.getState();
      // Not welcomed in yet: the enrolment screen comes first.
      if (enrolRequired) return;
      window.setTimeout(() => {
        feedback.notification.success({
          message: t('welcome.title'),
          description: t('welcome.back', { greeting: t(welcome) }),
        });
      }, 1000);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('login.failed'));
    } finally {
      setLoading(false);
    }
  };

  if (challenge) {
    return (
      <div className="login-main">
        <Suspense fallback={<PageLoading />}>
          <TwoFactorStep challenge={challenge} onBack={() => setChallenge(null)} />
        </Suspense>
      </div>
    );
  }
  if (qr) {
    return (
      <div className="login-main">
        <Suspense fallback={<PageLoading />}>
          <QrSignIn onBack={() => setQr(false)} onChallenge={setChallenge} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="login-main">
      <Form form={form} size="large" onFinish={() => void submit()} onFocus={() => preloadAhead(httpClient)} initialValues={{ rememberMe: true }}>
        <LoginTabs<LoginTab>
          active={tab}
          onChange={(k) => {
            setTab(k);
            setError('');
          }}
          items={[
            { key: 'account', label: t('login.tab.account') },
            { key: 'mobile', label: t('login.tab.mobile') },
          ]}
        />
        <div role="tabpanel" id={`${loginTabId(tab)}-panel`} aria-labelledby={loginTabId(tab)}>
          {error ? (
            <Suspense fallback={null}>
              <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} />
            </Suspense>
          ) : null}
          {tab === 'account' ? (
            <>
              <Form.Item name="userName" rules={[{ required: true, message: t('login.userNameRequired') }]}>
                <Input prefix={<UserOutlined />} placeholder={t('login.userName')} autoComplete="username" />
              </Form.Item>
              <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
                <Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
              </Form.Item>
            </>
          ) : (
            <Suspense fallback={<PageLoading />}>
              <SmsCodeFields form={form} send={(mobile) => sendSmsCode({ mobile, purpose: 'login' })} />
            </Suspense>
          )}
        </div>
        <Form.Item>
          <div className="login-options">
            <Form.Item name="rememberMe" valuePropName="checked" noStyle>
              <Checkbox>{t('login.rememberMe')}</Checkbox>
            </Form.Item>
            <Link to="/user/recover" className="login-forgot">
              {t('login.forgot')}
            </Link>
          </div>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading} className="login-button">
            {t('login.submit')}
          </Button>
        </Form.Item>
        <div className="login-other">
          <span className="login-other-methods">
            {/* Typography.Text type="secondary" looks the same; Typography would be the login page's heaviest component. */}
            <span style={{ color: token.colorTextSecondary }}>{t('login.otherMethods')}</span>
            <Tooltip title={t('qr.title')}>
              <Button type="text" size="small" icon={<QrcodeOutlined />} aria-label={t('qr.short')} onClick={() => setQr(true)} data-testid="qr-open" />
            </Tooltip>
          </span>
          <Link to="/user/register">{t('login.signUp')}</Link>
        </div>
      </Form>
    </div>
  );
}
