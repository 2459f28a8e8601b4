/**
 * Adds or edits a role in a drawer: name, description, status, data scope (company,
 * department or own, each explained) and the permission matrix over the grantable menus
 * (`getsetnavlist`). Someone who is not an administrator may grant only what they hold, so
 * other cells are locked. The server's field errors (a taken name, a refused grant) show on
 * the fields; a changed form asks before closing.
 */
import { useMemo } from 'react';
import { Alert, Button, Drawer, Form, Input, Radio, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DATA_SCOPES, type DataScope, type RoleItem } from '@swo/contract';
import { call, callExact } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import { ApiError } from '../../app/request.ts';
import { useSession } from '../../app/session.ts';
import { useFormDialog } from '../../components/useFormDialog.ts';
import SortStatusFields from '../organisation/SortStatusFields.tsx';
import PermissionMatrix from './PermissionMatrix.tsx';
import { fromPermissions, GRANT_ANY, grantableBy, matrixRows, toPermissions, type Grants } from './permissionMatrix.ts';

/** null = closed; 'new' = add; a role = edit it. */
export type RoleFormTarget = RoleItem | 'new' | null;

interface Values {
  name: string;
  description: string;
  status: number;
  data_scope: DataScope;
  grants: Grants;
}

export default function RoleForm({ role, onClose, onSaved }: { role: RoleFormTarget; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const own = useSession((s) => s.roles);
  const menus = useQuery({ queryKey: keys.roles.grantable(), queryFn: () => call('grantableMenus', {}), enabled: !!role });
  const rows = useMemo(() => matrixRows(menus.data ?? []), [menus.data]);
  const mayGrant = useMemo(() => (own?.is_admin ? GRANT_ANY : grantableBy(own?.permissions ?? [])), [own]);

  const { saving, submit, cancel } = useFormDialog({
    form,
    target: role,
    values: (r) =>
      r === 'new'
        ? { name: '', description: '', status: 1, data_scope: 'company' as const, grants: {} }
        : { name: r.name, description: r.description, status: r.status, data_scope: r.data_scope, grants: fromPermissions(r.permissions) },
    save: async (values, r) => {
      const body = {
        name: values.name.trim(),
        description: (values.description ?? '').trim(),
        status: values.status,
        data_scope: values.data_scope,
        permissions: toPermissions(values.grants ?? {}, rows),
      };
      if (r === 'new') await call('roleAdd', body);
      // Exact: an emptied description must reach the server to be cleared.
      else await callExact('roleUpdate', { ...body, id: r.id });
      void feedback.message.success(t('org.saved'));
    },
    // A refused grant is reported on `permissions`: the matrix shows it.
    onError: (e) => {
      if (e instanceof ApiError && e.fieldErrors.permissions) form.setFields([{ name: 'grants', errors: e.fieldErrors.permissions }]);
    },
    onSaved,
    onClose,
  });

  return (
    <Drawer
      title={role === 'new' ? t('role.add') : t('role.edit')}
      open={!!role}
      onClose={cancel}
      width="min(1280px, 100vw)"
      maskClosable={false}
      forceRender
      extra={
        <Space>
          <Button onClick={cancel}>{t('buttons.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={submit} data-testid="role-save">
            {t('org.actions.save')}
          </Button>
        </Space>
      }
      data-testid="role-form"
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        <div className="role-form-head">
          <Form.Item name="name" label={t('role.name')} rules={[{ required: true, whitespace: true, message: t('org.required', { label: t('role.name') }) }]}>
            <Input maxLength={64} data-testid="role-name" />
          </Form.Item>
          <Form.Item name="description" label={t('role.description')}>
            <Input maxLength={255} data-testid="role-description" />
          </Form.Item>
          <SortStatusFields sort={false} />
        </div>
        <Form.Item name="data_scope" label={t('role.dataScope')}>
          <Radio.Group className="role-scopes" data-testid="role-scope">
            {DATA_SCOPES.map((s) => (
              <Radio key={s} value={s}>
                <Typography.Text strong>{t(`role.scopes.${s}`)}</Typography.Text>
                <Typography.Text type="secondary" className="role-scope-hint">
                  {t(`role.scopeHints.${s}`)}
                </Typography.Text>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {menus.isError ? <Alert type="error" showIcon message={menus.error instanceof Error ? menus.error.message : ''} /> : null}
        <Form.Item name="grants" label={t('role.permissions')} extra={own?.is_admin ? undefined : t('role.matrix.ownOnly')}>
          <PermissionMatrix rows={rows} mayGrant={mayGrant} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
