/**
 * The login page (docs/product.md, sections 2 and 3): tabs account-password and mobile-number,
 * remember me, and a sign-up link. A successful sign-in stores the session and picks the
 * company; the route guard then loads the user info and lands on the redirect query, or
 * /menuList when the menu has it, or the first menu url.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { feedback } from '../../app/feedback.tsx';
import { ApiError, post } from '../../app/request.ts';
import { useSession } from '../../app/session.ts';
import SmsButton from './SmsButton.tsx';

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
  const [tab, setTab] = useState<LoginTab>('account');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [smsUnavailable, setSmsUnavailable] = useState(false);

  const submit = async () => {
    const fields: (keyof LoginForm)[] = tab === 'account' ? ['userName', 'password', 'rememberMe'] : ['mobile', 'captcha', 'rememberMe'];
    const values = await form.validateFields(fields).catch(() => null);
    if (!values) return;
    setLoading(true);
    setError('');
    try {
      await useSession
        .getState()
        .login(
          tab === 'account'
            ? { username: values.userName!.trim(), password: values.password!, remember_me: !!values.rememberMe, captcha: '' }
            : { username: values.mobile!.trim(), password: '', remember_me: !!values.rememberMe, captcha: values.captcha ?? '' },
        );
      const welcome = useSession.getState().welcome;
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

  const sendSms = async () => {
    const values = await form.validateFields(['mobile']).catch(() => null);
    if (!values?.mobile) return false;
    try {
      await post('/account/sms', { mobile: values.mobile }, { silent: true });
    } catch (e) {
      // An installation without SMS sign-in answers 404: say so instead of a bare error.
      if (e instanceof ApiError && e.code === 404) setSmsUnavailable(true);
      else feedback.notification.error({ message: t('request.errorTitle'), description: e instanceof Error ? e.message : '', duration: 2 });
      return false;
    }
    feedback.message.success(t('login.smsSent'));
    return true;
  };

  return (
    <div className="login-main">
      <Form form={form} size="large" onFinish={() => void submit()} initialValues={{ rememberMe: true }}>
        <Tabs
          centered
          activeKey={tab}
          onChange={(k) => {
            setTab(k as LoginTab);
            setError('');
          }}
          items={[
            { key: 'account', label: t('login.tab.account') },
            { key: 'mobile', label: t('login.tab.mobile') },
          ]}
        />
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
        {tab === 'account' ? (
          <>
            <Form.Item name="userName" rules={[{ required: true, message: t('login.userNameRequired') }]}>
              <Input prefix={<UserOutlined />} placeholder={t('login.userName')} autoComplete="username" />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
            </Form.Item>
          </>
        ) : (
          <>
            {smsUnavailable ? <Alert type="info" showIcon message={t('login.smsUnavailable')} style={{ marginBottom: 24 }} /> : null}
            <Form.Item
              name="mobile"
              rules={[
                { required: true, message: t('login.mobileRequired') },
                { pattern: /^1[3-9]\d{9}$/, message: t('login.mobileInvalid') },
              ]}
            >
              <Input prefix={<MobileOutlined />} placeholder={t('login.mobile')} autoComplete="tel" />
            </Form.Item>
            <Form.Item>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="captcha" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                  <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} />
                </Form.Item>
                <SmsButton onSend={sendSms} />
              </div>
            </Form.Item>
          </>
        )}
        <Form.Item>
          <div className="login-options">
            <Form.Item name="rememberMe" valuePropName="checked" noStyle>
              <Checkbox>{t('login.rememberMe')}</Checkbox>
            </Form.Item>
          </div>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading} className="login-button">
            {t('login.submit')}
          </Button>
        </Form.Item>
        <div className="login-other">
          <Link to="/user/register">{t('login.signUp')}</Link>
        </div>
      </Form>
    </div>
  );
}
