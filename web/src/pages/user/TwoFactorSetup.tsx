/**
 * The enrolment screen an administrator must pass when a company of theirs requires
 * two-factor sign-in and they have none yet (docs/design.md, "Two-factor required for
 * administrators"). The route guard shows nothing else while the server says it is owed;
 * there is no skipping it, only signing out. It begins an enrolment at once (QR code and key),
 * confirms it with a code, shows the 10 recovery codes once, then goes on into the app.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Button, Form, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { landingPath } from '../../app/dynamicRoutes.ts';
import { queryClient } from '../../app/queryClient.ts';
import { LOGIN_PATH } from '../../app/routeTypes.ts';
import { useSession } from '../../app/session.ts';
import { showFieldErrors } from '../../components/formDialog.ts';
import PageLoading from '../../components/PageLoading.tsx';
import { RecoveryCodeList, TotpScan } from '../account/TotpEnrolParts.tsx';

type Begun = { secret: string; uri: string };

export default function TwoFactorSetup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owed = useSession((s) => s.enrolRequired);
  const routes = useSession((s) => s.routes);
  const [form] = Form.useForm<{ code?: string }>();
  const [begun, setBegun] = useState<Begun | null>(null);
  const [failed, setFailed] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  // One enrolment per visit: a second begin (StrictMode runs effects twice) would replace the key shown.
  const started = useRef(false);

  const begin = async () => {
    setFailed(false);
    const r = await call('totpBegin', {}).catch(() => null);
    if (r) setBegun(r);
    else setFailed(true);
  };
  useEffect(() => {
    if (!owed || started.current) return;
    started.current = true;
    void begin();
  }, [owed]);

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const { recovery_codes } = await call('totpConfirm', { code: values.code ?? '' }, { silent: true });
      setCodes(recovery_codes);
    } catch (e) {
      if (!showFieldErrors(form, e)) form.setFields([{ name: 'code', errors: [e instanceof Error ? e.message : ''] }]);
    } finally {
      setBusy(false);
    }
  };

  const proceed = () => {
    useSession.getState().setEnrolRequired(false);
    // Calls refused while the enrolment was owed are asked again.
    void queryClient.invalidateQueries();
    void navigate(landingPath(routes), { replace: true });
  };

  const signOut = async () => {
    await useSession.getState().logout();
    void navigate(LOGIN_PATH, { replace: true });
  };

  if (!owed && !codes) return <Navigate to={landingPath(routes)} replace />;

  return (
    <div className="login-main enrol-main" data-testid="two-factor-setup">
      <h1 className="recover-title">{t(codes ? 'account.twoFactor.codesTitle' : 'twoFactorRequired.title')}</h1>
      {codes ? (
        <>
          <RecoveryCodeList codes={codes} />
          <Button type="primary" block size="large" onClick={proceed} style={{ marginTop: 24 }} data-testid="recovery-codes-saved">
            {t('twoFactorRequired.continue')}
          </Button>
        </>
      ) : (
        <>
          <Alert type="info" showIcon message={t('twoFactorRequired.reason')} style={{ marginBottom: 16 }} />
          {begun ? (
            <>
              <TotpScan secret={begun.secret} uri={begun.uri} form={form} onSubmit={() => void confirm()} />
              <Button type="primary" block size="large" loading={busy} onClick={() => void confirm()} data-testid="totp-confirm">
                {t('twoFactorRequired.confirm')}
              </Button>
            </>
          ) : failed ? (
            <Button block onClick={() => void begin()}>
              {t('twoFactorRequired.retry')}
            </Button>
          ) : (
            <PageLoading />
          )}
        </>
      )}
      {codes ? null : (
        <div className="login-other" style={{ marginTop: 16 }}>
          <Typography.Text type="secondary" className="login-other-methods">
            {t('twoFactorRequired.notNow')}
          </Typography.Text>
          <Button type="link" icon={<LogoutOutlined />} onClick={() => void signOut()} style={{ paddingInline: 0 }} data-testid="two-factor-setup-sign-out">
            {t('twoFactorRequired.signOut')}
          </Button>
        </div>
      )}
    </div>
  );
}
