/**
 * The applications a staff member handles (`staff_application`: the company's applications,
 * each marked bound or not), changed as one set (`staff_application_add`). Only an active
 * member can be bound, as the server requires; a changed selection asks before closing.
 */
import { useMemo } from 'react';
import { Alert, Form, Modal, Select, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@swo/contract';
import { call } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import { useFormDialog } from '../../components/useFormDialog.ts';

export interface StaffApplicationsProps {
  /** The member whose applications are shown; null = closed. */
  staff: StaffRow | null;
  /** May change them (`staff.edit`); otherwise the dialog only lists them. */
  editable: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export default function StaffApplications({ staff, editable, onClose, onSaved }: StaffApplicationsProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ application_ids: number[] }>();
  const apps = useQuery({
    queryKey: keys.staff.applications(staff?.id ?? 0),
    queryFn: () => call('staffApplications', { staff_id: staff!.id }),
    enabled: !!staff,
  });
  const list = useMemo(() => apps.data ?? [], [apps.data]);
  const bound = useMemo(() => list.filter((a) => a.bound), [list]);

  const dialog = useFormDialog({
    form,
    target: staff,
    // The bound ones are known only once the list arrives.
    values: () => (apps.data ? { application_ids: apps.data.filter((a) => a.bound).map((a) => a.id) } : undefined),
    save: async ({ application_ids }, s) => {
      // A query string repeats the key for a list (application_ids=1&application_ids=2).
      await call('staffApplicationsSet', { staff_id: s.id, application_ids: application_ids ?? [] }, { paramsSerializer: { indexes: null } });
      void feedback.message.success(t('org.saved'));
    },
    onSaved,
    onClose,
  });

  const inactive = staff ? staff.status !== 1 : false;
  return (
    <Modal
      title={t('staff.apps.title', { name: staff?.name ?? '' })}
      {...dialog.modalProps}
      // Read-only, the one button just closes.
      onOk={editable ? dialog.submit : onClose}
      okText={editable ? t('org.actions.save') : t('buttons.close')}
      okButtonProps={{ disabled: apps.isLoading }}
      cancelButtonProps={editable ? undefined : { style: { display: 'none' } }}
      cancelText={t('buttons.cancel')}
      width={600}
    >
      <Typography.Paragraph type="secondary">{t('staff.apps.hint')}</Typography.Paragraph>
      <div style={{ marginBottom: 12 }} data-testid="staff-apps-bound">
        <Typography.Text>{t('staff.apps.bound', { count: bound.length })}</Typography.Text>{' '}
        {bound.length ? (
          bound.map((a) => (
            <Tag key={a.id} color={a.status === 1 ? 'blue' : 'default'} bordered={false} style={{ marginBottom: 4 }}>
              {a.status === 1 ? a.name : t('staff.apps.disabledApp', { name: a.name })}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t('staff.apps.none')}</Typography.Text>
        )}
      </div>
      {inactive && editable ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('staff.apps.inactive')} /> : null}
      <Form form={form} layout="vertical">
        <Form.Item name="application_ids" label={t('staff.apps.choose')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            disabled={!editable}
            loading={apps.isFetching}
            options={list.map((a) => ({ value: a.id, label: a.status === 1 ? a.name : t('staff.apps.disabledApp', { name: a.name }) }))}
            placeholder={t('staff.apps.placeholder')}
            data-testid="staff-apps-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
