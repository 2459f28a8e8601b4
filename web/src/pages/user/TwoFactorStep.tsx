/**
 * The second step of a sign-in (docs/design.md, "Two-factor sign-in"): the 6-digit code of
 * the authenticator app, or one of the recovery codes. A wrong code says so and may be
 * tried again (5 in all); a spent or expired step goes back to the first.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { ArrowLeftOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TwoFactorRequired } from '@swo/contract';
import { call } from '../../app/api.ts';
import { ApiError } from '../../app/request.ts';
import { useSession } from '../../app/session.ts';

export default function TwoFactorStep({ challenge, onBack }: { challenge: TwoFactorRequired; onBack: () => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError('');
    try {
      const reply = await call('twoFactorVerify', { challenge: challenge.challenge, ...(recovery ? { recovery_code: code } : { code }) }, { silent: true });
      await useSession.getState().accept(reply);
    } catch (e) {
      if (e instanceof ApiError && e.status === 410) onBack();
      setError(e instanceof Error && e.message ? e.message : t('twoFactor.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="two-factor-step">
      <h1 className="recover-title">{t('twoFactor.title')}</h1>
      <Typography.Paragraph type="secondary">{t(recovery ? 'twoFactor.recoveryHint' : 'twoFactor.hint')}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
      <Form key={recovery ? 'recovery' : 'code'} size="large" onFinish={(v: { code: string }) => void submit(v)} autoComplete="off">
        <Form.Item name="code" rules={[{ required: true, message: t('twoFactor.required') }]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t(recovery ? 'twoFactor.recoveryPlaceholder' : 'twoFactor.placeholder')}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? 20 : 6}
            autoFocus
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('twoFactor.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className="login-other">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="login-other-methods" style={{ paddingInline: 0 }}>
          {t('twoFactor.back')}
        </Button>
        <Button type="link" onClick={() => setRecovery(!recovery)} style={{ paddingInline: 0 }} data-testid="two-factor-switch">
          {t(recovery ? 'twoFactor.useCode' : 'twoFactor.useRecovery')}
        </Button>
      </div>
    </div>
  );
}
