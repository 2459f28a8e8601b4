/**
 * Adds or edits a staff member in a modal: the membership (name, job number, department,
 * position, role, status) and the account it signs in with (username, nickname, phone,
 * e-mail; on add an optional initial password). Values are checked with the contract's own
 * field schemas; the server's field errors (a taken job number or username) show on the
 * fields. Nobody changes their own role or status, so those are fixed on one's own row.
 * A new account without a typed password gets a generated one, shown once. A changed form
 * asks before closing.
 */
import { useMemo } from 'react';
import { Col, Form, Input, Modal, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountFields, staffAddBody, type StaffRow } from '@swo/contract';
import { call, callExact } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { schemaRule } from '../../components/formDialog.ts';
import { showPasswordOnce } from '../../components/passwordOnce.tsx';
import { useFormDialog } from '../../components/useFormDialog.ts';
import SortStatusFields from './SortStatusFields.tsx';
import { enabledChoices, withDepartment, type OrgTreeNode } from './staffTable.ts';
import { useStaffChoices } from './useStaffChoices.ts';

/** What the dialog does: add a member, or edit `staff`. */
export type StaffFormMode = { kind: 'add' } | { kind: 'edit'; staff: StaffRow };

interface Values {
  name: string;
  job_number: string;
  username: string;
  nickname: string;
  phone: string;
  email: string;
  department_id: number | null;
  position_id: number | null;
  role_id?: number;
  status: number;
  password?: string;
}

const EMPTY: Values = {
  name: '',
  job_number: '',
  username: '',
  nickname: '',
  phone: '',
  email: '',
  department_id: null,
  position_id: null,
  role_id: undefined,
  status: 1,
  password: '',
};

const field = staffAddBody.shape;

export interface StaffFormProps {
  mode: StaffFormMode | null;
  /** The enabled departments (`orglist`). */
  departments: OrgTreeNode[];
  /** The signed-in user's own membership: role and status are fixed. */
  self: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export default function StaffForm({ mode, departments, self, onClose, onSaved }: StaffFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = mode?.kind === 'edit' ? mode.staff : null;

  const departmentTree = useMemo(() => withDepartment(departments, editing?.department_id ?? null, editing?.department_name ?? null), [departments, editing]);
  const choices = useStaffChoices();
  const positionOptions = useMemo(
    () => enabledChoices(choices.positions, editing ? { id: editing.position_id, name: editing.position_name } : undefined),
    [choices.positions, editing],
  );
  const roleOptions = useMemo(
    () => enabledChoices(choices.roles, editing ? { id: editing.role_id, name: editing.role_name } : undefined),
    [choices.roles, editing],
  );

  // Empty is the `required` rule's to report; the contract's schema judges the rest.
  const required = (label: string) => ({ required: true, whitespace: true, message: t('org.required', { label }) });

  const dialog = useFormDialog({
    form,
    target: mode,
    values: (m) => {
      if (m.kind === 'add') return EMPTY;
      const { name, job_number, username, nickname, phone, email, department_id, position_id, role_id, status } = m.staff;
      return { name, job_number, username, nickname, phone, email, department_id, position_id, role_id, status };
    },
    save: async (values) => {
      const { password, ...rest } = values;
      const body = {
        ...rest,
        name: rest.name.trim(),
        job_number: rest.job_number.trim(),
        username: rest.username.trim(),
        nickname: (rest.nickname ?? '').trim(),
        phone: (rest.phone ?? '').trim(),
        email: (rest.email ?? '').trim(),
        department_id: rest.department_id ?? null,
        position_id: rest.position_id ?? null,
        role_id: rest.role_id!,
      };
      if (editing) {
        // Exact: an emptied phone, e-mail or nickname must reach the server to be cleared.
        await callExact('staffUpdate', { ...body, id: editing.id });
        void feedback.message.success(t('org.saved'));
        return;
      }
      const added = await call('staffAdd', { ...body, password: password || undefined });
      if (added.password) showPasswordOnce({ title: t('staff.created'), username: body.username, password: added.password });
      else if (added.linked_existing_account) void feedback.message.success(t('staff.linked', { username: body.username }));
      else void feedback.message.success(t('staff.created'));
    },
    onSaved,
    onClose,
  });

  return (
    <Modal
      title={editing ? t('staff.edit') : t('staff.add')}
      {...dialog.modalProps}
      okText={t('org.actions.save')}
      cancelText={t('buttons.cancel')}
      width={720}
    >
      <Form form={form} layout="vertical" requiredMark="optional" autoComplete="off" data-testid="staff-form">
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('staff.fields.name')}
              rules={[required(t('staff.fields.name')), schemaRule(field.name, t('staff.invalid.name'), true)]}
            >
              <Input maxLength={50} autoFocus data-testid="staff-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="job_number"
              label={t('staff.fields.jobNumber')}
              rules={[required(t('staff.fields.jobNumber')), schemaRule(field.job_number, t('staff.invalid.jobNumber'), true)]}
            >
              <Input maxLength={32} data-testid="staff-job-number" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="username"
              label={t('staff.fields.username')}
              extra={editing ? undefined : t('staff.usernameHint')}
              rules={[required(t('staff.fields.username')), schemaRule(accountFields.username, t('staff.invalid.username'), true)]}
            >
              <Input maxLength={64} autoComplete="off" data-testid="staff-username" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nickname" label={t('staff.fields.nickname')} rules={[schemaRule(accountFields.nickname, t('staff.invalid.nickname'), true)]}>
              <Input maxLength={64} data-testid="staff-nickname" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('staff.fields.phone')} rules={[schemaRule(accountFields.phone, t('staff.invalid.phone'), true)]}>
              <Input maxLength={20} data-testid="staff-phone" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('staff.fields.email')} rules={[schemaRule(accountFields.email, t('staff.invalid.email'), true)]}>
              <Input maxLength={128} data-testid="staff-email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="department_id" label={t('staff.fields.department')}>
              <TreeSelect
                allowClear
                showSearch
                treeDefaultExpandAll
                treeNodeFilterProp="title"
                treeData={departmentTree}
                placeholder={t('staff.noDepartment')}
                data-testid="staff-department"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="position_id" label={t('staff.fields.position')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={positionOptions}
                loading={choices.loading}
                placeholder={t('staff.noPosition')}
                data-testid="staff-position"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="role_id"
              label={t('staff.fields.role')}
              extra={self ? t('staff.selfFixed') : undefined}
              rules={[{ required: true, message: t('staff.roleRequired') }]}
            >
              <Select showSearch optionFilterProp="label" options={roleOptions} loading={choices.loading} disabled={self} data-testid="staff-role" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <SortStatusFields sort={false} statusDisabled={self} />
          </Col>
          {editing ? null : (
            <Col span={24}>
              <Form.Item
                name="password"
                label={t('staff.fields.password')}
                extra={t('staff.password.hint')}
                rules={[schemaRule(accountFields.password, t('staff.invalid.password'), true)]}
              >
                <Input.Password maxLength={128} autoComplete="new-password" data-testid="staff-password" />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </Modal>
  );
}
