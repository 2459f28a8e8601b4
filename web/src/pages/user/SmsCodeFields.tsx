/**
 * The phone number and SMS code fields (docs/design.md, "Sign-in by SMS"), as the login
 * page's mobile tab, the recovery page and the phone change of the account settings ask
 * for them: "Get code" checks the form's `mobile` field, calls `send` with it, says the
 * code was sent (or why not: too soon, the daily limit, the provider) and counts down 60 s.
 */
import { useEffect, useState } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.tsx';
import { PHONE_PATTERN } from './phone.ts';

const COUNTDOWN_S = 60;

/** Sends a code to the number typed. */
export type SendCode = (mobile: string) => Promise<unknown>;

function SmsButton({ form, send }: { form: FormInstance; send: SendCode }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const click = async () => {
    const values = (await form.validateFields(['mobile']).catch(() => null)) as { mobile?: string } | null;
    if (!values?.mobile) return;
    setSending(true);
    try {
      await send(values.mobile);
      feedback.message.success(t('login.smsSent'));
      setLeft(COUNTDOWN_S);
    } catch (e) {
      feedback.message.error(e instanceof Error && e.message ? e.message : t('login.smsFailed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button disabled={left > 0} loading={sending} onClick={() => void click()} style={{ minWidth: 120 }}>
      {left > 0 ? t('login.smsCountdown', { n: left }) : t('login.getCaptcha')}
    </Button>
  );
}

/** `mobile` and `captcha` of a form, with the "Get code" button. */
export default function SmsCodeFields({ form, send }: { form: FormInstance; send: SendCode }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="mobile"
        rules={[
          { required: true, message: t('login.mobileRequired') },
          { pattern: PHONE_PATTERN, message: t('login.mobileInvalid') },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('login.mobile')} autoComplete="tel" />
      </Form.Item>
      <Form.Item>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="captcha" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('login.captcha')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <SmsButton form={form} send={send} />
        </div>
      </Form.Item>
    </>
  );
}
