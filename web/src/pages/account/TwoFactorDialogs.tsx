/**
 * The dialogs of two-factor sign-in (docs/design.md, "Two-factor sign-in"): enrolment (QR
 * code of the secret for the authenticator app, the secret as text for typing, the first
 * code to confirm, then the 10 recovery codes, shown once with a copy button) and turning
 * it off with the password. Field errors of a 400 are marked on the fields.
 */
import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { showFieldErrors } from '../../components/formDialog.ts';
import { RecoveryCodeList, TotpScan } from './TotpEnrolParts.tsx';

type Step = { kind: 'scan'; secret: string; uri: string } | { kind: 'codes'; codes: string[] } | { kind: 'disable' } | null;

export function useTwoFactorDialogs(onChanged: () => void): { enrol: () => Promise<void>; disable: () => void; dialogs: ReactNode } {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code?: string; password?: string }>();

  const enrol = async () => {
    const begun = await call('totpBegin', {}).catch(() => null);
    if (begun) {
      form.resetFields();
      setStep({ kind: 'scan', ...begun });
    }
  };
  const disable = () => {
    form.resetFields();
    setStep({ kind: 'disable' });
  };
  const close = () => {
    setStep(null);
    onChanged();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !step) return;
    setBusy(true);
    try {
      if (step.kind === 'scan') {
        const { recovery_codes } = await call('totpConfirm', { code: values.code ?? '' }, { silent: true });
        setStep({ kind: 'codes', codes: recovery_codes });
        onChanged();
      } else if (step.kind === 'disable') {
        await call('totpDisable', { password: values.password ?? '' }, { silent: true });
        close();
      }
    } catch (e) {
      if (!showFieldErrors(form, e)) form.setFields([{ name: step.kind === 'scan' ? 'code' : 'password', errors: [e instanceof Error ? e.message : ''] }]);
    } finally {
      setBusy(false);
    }
  };

  const dialogs = (
    <>
      <Modal
        open={step?.kind === 'scan'}
        title={t('account.twoFactor.enrolTitle')}
        okText={t('account.twoFactor.confirm')}
        cancelText={t('buttons.cancel')}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setStep(null)}
        destroyOnHidden
      >
        {step?.kind === 'scan' ? <TotpScan secret={step.secret} uri={step.uri} form={form} onSubmit={() => void submit()} /> : null}
      </Modal>
      <Modal
        open={step?.kind === 'codes'}
        title={t('account.twoFactor.codesTitle')}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={close} data-testid="recovery-codes-saved">
            {t('account.twoFactor.saved')}
          </Button>
        }
      >
        {step?.kind === 'codes' ? <RecoveryCodeList codes={step.codes} /> : null}
      </Modal>
      <Modal
        open={step?.kind === 'disable'}
        title={t('account.twoFactor.disableTitle')}
        okText={t('account.security.turnOff')}
        okButtonProps={{ danger: true }}
        cancelText={t('buttons.cancel')}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setStep(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('account.twoFactor.disableText')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={() => void submit()}>
          <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
  return { enrol, disable, dialogs };
}
