/**
 * Adds or edits an account in a modal: username (fixed once created), nickname, phone,
 * e-mail, the platform administrator flag (not one's own) and, for a new account, an
 * optional password: left empty, the server generates one, shown here once. Checked with
 * the contract's field rules; the server's 400 shows on the fields; a changed form asks
 * before closing.
 */
import { Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountFields, type AccountItem } from '@swo/contract';
import { call, callExact } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { useSession } from '../../app/session.ts';
import { schemaRule } from '../../components/formDialog.ts';
import { showPasswordOnce } from '../../components/passwordOnce.tsx';
import { useFormDialog } from '../../components/useFormDialog.ts';

interface Values {
  username: string;
  nickname: string;
  phone: string;
  email: string;
  is_platform_admin: number;
  password?: string;
}

export interface AccountFormProps {
  /** null = closed; 'new' = add; an account = edit it. */
  account: AccountItem | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function AccountForm({ account, onClose, onSaved }: AccountFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const myId = useSession((s) => s.info?.id);
  const editing = account && account !== 'new' ? account : null;

  const dialog = useFormDialog({
    form,
    target: account,
    values: (a) =>
      a === 'new'
        ? { username: '', nickname: '', phone: '', email: '', is_platform_admin: 0, password: '' }
        : { ...a, is_platform_admin: a.is_platform_admin ? 1 : 0 },
    save: async (values, a) => {
      const fields = { nickname: values.nickname.trim(), phone: values.phone.trim(), email: values.email.trim(), is_platform_admin: values.is_platform_admin };
      if (a !== 'new') {
        // Empty strings go too: they clear the phone or e-mail.
        await callExact('accountUpdate', { id: a.id, ...fields, ...(a.id === myId ? { is_platform_admin: undefined } : {}) });
        void feedback.message.success(t('org.saved'));
        return;
      }
      const username = values.username.trim();
      const created = await call('accountAdd', { ...fields, username, password: values.password || undefined });
      if (created.password)
        showPasswordOnce({ title: t('platform.accounts.created'), username, password: created.password, note: t('platform.accounts.createdNote') });
      else void feedback.message.success(t('platform.accounts.createdTyped'));
    },
    onSaved,
    onClose,
  });

  const self = !!editing && editing.id === myId;

  return (
    <Modal
      title={t(editing ? 'platform.accounts.edit' : 'platform.accounts.add')}
      {...dialog.modalProps}
      okText={t('org.actions.save')}
      cancelText={t('buttons.cancel')}
    >
      <Form form={form} layout="vertical" requiredMark="optional" autoComplete="off" data-testid="account-form">
        <Form.Item
          name="username"
          label={t('platform.accounts.username')}
          extra={editing ? undefined : t('platform.accounts.usernameHint')}
          rules={[
            { required: true, whitespace: true, message: t('org.required', { label: t('platform.accounts.username') }) },
            schemaRule(accountFields.username, t('platform.accounts.usernameInvalid')),
          ]}
        >
          <Input maxLength={64} disabled={!!editing} autoFocus={!editing} data-testid="account-username" />
        </Form.Item>
        <Form.Item name="nickname" label={t('platform.accounts.nickname')} rules={[schemaRule(accountFields.nickname, t('platform.accounts.nicknameInvalid'))]}>
          <Input maxLength={64} data-testid="account-nickname" />
        </Form.Item>
        <Form.Item name="phone" label={t('platform.accounts.phone')} rules={[schemaRule(accountFields.phone, t('platform.accounts.phoneInvalid'))]}>
          <Input maxLength={20} data-testid="account-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('platform.accounts.email')} rules={[schemaRule(accountFields.email, t('platform.accounts.emailInvalid'))]}>
          <Input maxLength={128} data-testid="account-email" />
        </Form.Item>
        <Form.Item
          name="is_platform_admin"
          label={t('platform.accounts.platformAdmin')}
          extra={self ? t('platform.accounts.ownFlag') : t('platform.accounts.platformAdminHint')}
          getValueProps={(v: number) => ({ checked: v === 1 })}
          normalize={(c: boolean) => (c ? 1 : 0)}
        >
          <Switch disabled={self} data-testid="account-platform-admin" />
        </Form.Item>
        {editing ? null : (
          <Form.Item
            name="password"
            label={t('platform.password.label')}
            extra={t('platform.password.optionalHint')}
            rules={[schemaRule(accountFields.password, t('platform.password.tooShort'), true)]}
          >
            <Input.Password maxLength={128} autoComplete="new-password" data-testid="account-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
