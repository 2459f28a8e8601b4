/**
 * Sets an account's password (platform administrators, never their own): a typed one, or
 * left empty, one the server generates and this shows once. The dialog says what follows:
 * the account is signed out at once and must change the password at its next sign-in.
 */
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountFields, type AccountItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { schemaRule } from '../../components/formDialog.ts';
import { showPasswordOnce } from '../../components/passwordOnce.tsx';
import { useFormDialog } from '../../components/useFormDialog.ts';

export default function AccountPassword({ account, onClose, onSaved }: { account: AccountItem | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password?: string }>();
  const dialog = useFormDialog({
    form,
    target: account,
    // Empty: a blank password asks the server to generate one.
    values: () => ({}),
    save: async (values, a) => {
      const reply = await call('accountPassword', { id: a.id, password: values.password || undefined });
      if (reply.password) showPasswordOnce({ title: t('platform.password.setDone'), username: a.username, password: reply.password });
      else void feedback.message.success(t('platform.password.setDone'));
    },
    onSaved,
    onClose,
  });

  return (
    <Modal
      title={t('platform.password.setTitle', { name: account?.username ?? '' })}
      {...dialog.modalProps}
      okText={t('platform.password.set')}
      okButtonProps={{ danger: true }}
      cancelText={t('buttons.cancel')}
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('platform.password.setConsequence')} />
      <Form form={form} layout="vertical" requiredMark="optional" autoComplete="off" data-testid="account-password-form">
        <Form.Item
          name="password"
          label={t('platform.password.label')}
          extra={t('platform.password.optionalHint')}
          rules={[schemaRule(accountFields.password, t('platform.password.tooShort'), true)]}
        >
          <Input.Password maxLength={128} autoComplete="new-password" data-testid="account-new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
