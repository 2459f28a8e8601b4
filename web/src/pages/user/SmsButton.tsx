/** "Get code" button of the mobile sign-in tab: sends the SMS code, then counts down 60 s. */
import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

const COUNTDOWN_S = 60;

export default function SmsButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const click = async () => {
    setSending(true);
    try {
      if (await onSend()) setLeft(COUNTDOWN_S);
    } catch {
      // The HTTP client already reported the failure.
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
