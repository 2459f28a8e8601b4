/**
 * "Get code" beside an SMS code field (docs/design.md, "Sign-in by SMS"): checks the form's
 * `mobile` field, sends a code for `purpose`, says it was sent (or why not: too soon, the
 * daily limit, the provider) and counts down 60 s.
 */
import { useEffect, useState } from 'react';
import { Button, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendSmsCode } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';

const COUNTDOWN_S = 60;

export default function SmsButton({ form, purpose }: { form: FormInstance; purpose: 'login' | 'recover' }) {
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
      await sendSmsCode({ mobile: values.mobile, purpose });
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
