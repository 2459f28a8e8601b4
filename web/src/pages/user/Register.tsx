/**
 * The registration page (SPEC.md section 2, texts only): email, password, confirm password
 * and a verification code. The product declares but does not use a register call, so a
 * valid form leads to the registration result page, as the original screens did.
 */
import { Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

interface RegisterForm {
  email: string;
  password: string;
  password2: string;
  captcha: string;
}

export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();

  return (
    <div className="login-main">
      <h3 className="register-title">{t('register.title')}</h3>
      <Form form={form} size="large" onFinish={(v) => navigate('/user/register-result', { state: { email: v.email } })}>
        <Form.Item
          name="email"
          rules={[
            { required: true, message: t('register.emailRequired') },
            { type: 'email', message: t('register.emailInvalid') },
          ]}
        >
          <Input prefix={<MailOutlined />} placeholder={t('register.email')} autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('register.passwordRequired') },
            { min: 6, message: t('register.passwordTooShort') },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={t('register.password')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          dependencies={['password']}
          rules={[
            { required: true, message: t('register.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder={t('register.confirm')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="captcha" rules={[{ required: true, message: t('login.captchaRequired') }]}>
          <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('register.submit')}
          </Button>
        </Form.Item>
        <div className="login-other">
          <Link to="/user/login">{t('register.toLogin')}</Link>
        </div>
      </Form>
    </div>
  );
}
