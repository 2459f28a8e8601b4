/**
 * `/user/recover`: a new password by SMS code (docs/design.md, "Sign-in by SMS"). The code
 * goes to the account's phone; the new password follows the password policy; every
 * session of the account is signed out. The account name is asked only when the server
 * says several accounts share the number. Field errors of a 400 are marked on the fields.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recoverPassword, sendSmsCode, type RecoverParams } from '../../app/api.ts';
import { ApiError } from '../../app/request.ts';
import { showFieldErrors } from '../../components/formDialog.ts';
import NewPasswordFields from './NewPasswordFields.tsx';
import SmsCodeFields from './SmsCodeFields.tsx';

export default function Recover() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecoverParams>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [askUsername, setAskUsername] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (values: RecoverParams) => {
    setLoading(true);
    setError('');
    try {
      await recoverPassword({ ...values, mobile: values.mobile.trim(), captcha: values.captcha.trim() });
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors.username) setAskUsername(true);
      // Marked after the username field is drawn, so its error lands on it.
      window.setTimeout(() => {
        if (!showFieldErrors(form, e)) setError(e instanceof Error && e.message ? e.message : t('recover.failed'));
      });
    } finally {
      setLoading(false);
    }
  };

  if (done) {
    return (
      <div className="login-main" data-testid="recover-done">
        <Result
          status="success"
          title={<h1 className="register-title">{t('recover.doneTitle')}</h1>}
          subTitle={t('recover.doneText')}
          extra={
            <Link to="/user/login">
              <Button type="primary">{t('recover.toLogin')}</Button>
            </Link>
          }
        />
      </div>
    );
  }

  return (
    <div className="login-main">
      <h1 className="recover-title">{t('recover.title')}</h1>
      <Typography.Paragraph type="secondary">{t('recover.intro')}</Typography.Paragraph>
      <Form form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off">
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
        <SmsCodeFields form={form} send={(mobile) => sendSmsCode({ mobile, purpose: 'recover' })} />
        {askUsername ? (
          <Form.Item name="username" extra={t('recover.usernameWhy')} rules={[{ required: true, message: t('login.userNameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.userName')} autoComplete="username" />
          </Form.Item>
        ) : null}
        <NewPasswordFields placeholder={t('password.new')} />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            {t('recover.submit')}
          </Button>
        </Form.Item>
        <div className="login-other">
          <Link to="/user/login">{t('recover.toLogin')}</Link>
        </div>
      </Form>
    </div>
  );
}
