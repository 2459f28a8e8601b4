/**
 * Adds a company or edits one (its name, time zone and whether its administrators must use
 * two-factor sign-in: docs/design.md, "Two-factor required for administrators") in a modal. A new company gets its
 * administrator role and a first administrator: an existing username is linked as it is
 * (its password untouched), a new one gets an account with the typed password or a
 * generated one, shown here once. The result says which happened. Checked with the
 * contract's field rules; the server's 400 shows on the fields; a changed form asks before
 * closing.
 */
import { useMemo } from 'react';
import { Divider, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountFields, type CompanyItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { schemaRule } from '../../components/formDialog.ts';
import { showPasswordOnce } from '../../components/passwordOnce.tsx';
import { useFormDialog } from '../../components/useFormDialog.ts';
import { DEFAULT_TIME_ZONE, timeZoneOptions } from './timeZones.ts';

interface Values {
  name: string;
  time_zone: string;
  require_admin_2fa?: boolean;
  admin_username?: string;
  admin_name?: string;
  admin_password?: string;
}

export interface CompanyFormProps {
  /** null = closed; 'new' = add; a company = edit it. */
  company: CompanyItem | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function CompanyForm({ company, onClose, onSaved }: CompanyFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = company && company !== 'new' ? company : null;
  const zones = useMemo(() => timeZoneOptions(editing?.time_zone), [editing]);

  const dialog = useFormDialog({
    form,
    target: company,
    values: (c) =>
      c === 'new'
        ? { name: '', time_zone: DEFAULT_TIME_ZONE, admin_username: '', admin_name: '', admin_password: '' }
        : { name: c.name, time_zone: c.time_zone, require_admin_2fa: c.require_admin_2fa },
    save: async (values, c) => {
      const name = values.name.trim();
      if (c !== 'new') {
        await call('platformCompanyUpdate', { id: c.id, name, time_zone: values.time_zone, require_admin_2fa: values.require_admin_2fa ? 1 : 0 });
        void feedback.message.success(t('org.saved'));
        return;
      }
      const username = (values.admin_username ?? '').trim();
      const created = await call('platformCompanyAdd', {
        name,
        time_zone: values.time_zone,
        admin_username: username,
        admin_name: (values.admin_name ?? '').trim(),
        admin_password: values.admin_password || undefined,
      });
      const note = t(
        created.linked_existing_account
          ? 'platform.companies.linked'
          : created.password
            ? 'platform.companies.newAccount'
            : 'platform.companies.newAccountTyped',
        { name, username },
      );
      showPasswordOnce({ title: t('platform.companies.created', { name }), username, password: created.password, note });
    },
    onSaved,
    onClose,
  });

  const required = (label: string) => ({ required: true, whitespace: true, message: t('org.required', { label }) });

  return (
    <Modal
      title={t(editing ? 'platform.companies.edit' : 'platform.companies.add')}
      {...dialog.modalProps}
      okText={t('org.actions.save')}
      cancelText={t('buttons.cancel')}
    >
      <Form form={form} layout="vertical" requiredMark="optional" autoComplete="off" data-testid="company-form">
        <Form.Item name="name" label={t('platform.companies.name')} rules={[required(t('platform.companies.name'))]}>
          <Input maxLength={64} autoFocus data-testid="company-name" />
        </Form.Item>
        <Form.Item name="time_zone" label={t('platform.companies.timeZone')} extra={t('platform.companies.timeZoneHint')}>
          <Select showSearch optionFilterProp="label" options={zones} data-testid="company-time-zone" />
        </Form.Item>
        {editing ? (
          <Form.Item
            name="require_admin_2fa"
            label={t('platform.companies.requireAdmin2fa')}
            extra={t('platform.companies.requireAdmin2faHint')}
            valuePropName="checked"
          >
            <Switch data-testid="company-require-admin-2fa" />
          </Form.Item>
        ) : (
          <>
            <Divider orientation="left" plain style={{ marginTop: 4 }}>
              {t('platform.companies.firstAdmin')}
            </Divider>
            <Form.Item
              name="admin_username"
              label={t('platform.companies.adminUsername')}
              extra={t('platform.companies.adminUsernameHint')}
              rules={[required(t('platform.companies.adminUsername')), schemaRule(accountFields.username, t('platform.accounts.usernameInvalid'))]}
            >
              <Input maxLength={64} data-testid="company-admin-username" />
            </Form.Item>
            <Form.Item name="admin_name" label={t('platform.companies.adminName')} rules={[required(t('platform.companies.adminName'))]}>
              <Input maxLength={50} data-testid="company-admin-name" />
            </Form.Item>
            <Form.Item
              name="admin_password"
              label={t('platform.password.label')}
              extra={t('platform.companies.passwordHint')}
              rules={[schemaRule(accountFields.password, t('platform.password.tooShort'), true)]}
            >
              <Input.Password maxLength={128} autoComplete="new-password" data-testid="company-admin-password" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
