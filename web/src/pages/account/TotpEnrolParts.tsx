/**
 * The pieces of a TOTP enrolment (docs/design.md, "Two-factor sign-in"), shared by the
 * Security page's dialogs and the enrolment screen an administrator must pass
 * (docs/design.md, "Two-factor required for administrators"): the QR code of the secret with
 * the secret as text and the field of the first code, and the 10 recovery codes shown once.
 */
import { Alert, Form, Input, QRCode, Space, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** The secret to scan or type, and the form of the code that confirms it (`code`). */
export function TotpScan({ secret, uri, form, onSubmit }: { secret: string; uri: string; form: FormInstance<{ code?: string }>; onSubmit: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="totp-enrol">
      <Typography.Paragraph>{t('account.twoFactor.scan')}</Typography.Paragraph>
      <Space align="start" size={24} wrap>
        <QRCode value={uri} size={176} bordered={false} />
        <div>
          <Typography.Text type="secondary">{t('account.twoFactor.secret')}</Typography.Text>
          <Typography.Paragraph code copyable data-testid="totp-secret" style={{ wordBreak: 'break-all', maxWidth: 240 }}>
            {secret}
          </Typography.Paragraph>
        </div>
      </Space>
      <Form form={form} layout="vertical" style={{ marginTop: 16 }} onFinish={onSubmit}>
        <Form.Item name="code" label={t('account.twoFactor.code')} rules={[{ required: true, message: t('twoFactor.required') }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ maxWidth: 200 }} data-testid="totp-code" />
        </Form.Item>
      </Form>
    </div>
  );
}

/** The recovery codes, shown once, with a copy-all link. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="recovery-codes">
      <Alert type="warning" showIcon message={t('account.twoFactor.codesOnce')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }}>{t('account.twoFactor.copyAll')}</Typography.Paragraph>
      <ul className="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <Typography.Text code>{c}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
