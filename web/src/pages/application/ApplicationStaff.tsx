/**
 * Who handles an application's orders: its bound staff (`user_list`), changed as one set
 * (`application_binding_user`). The picker narrows by department (the `orglist` tree, a
 * department includes those below it) and searches by name, username or job number; only
 * active members are offered, as the server requires.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Form, Modal, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import { buildOrgTree } from '../organisation/staffTable.ts';

export interface ApplicationStaffProps {
  app: ApplicationItem | null;
  onClose: () => void;
  onSaved: () => void;
}

export default function ApplicationStaff({ app, onClose, onSaved }: ApplicationStaffProps) {
  const { t } = useTranslation();
  const [department, setDepartment] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<{ value: number; label: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const open = !!app;
  const bound = useQuery({
    queryKey: keys.applications.boundStaff(app?.id ?? 0),
    queryFn: () => call('applicationUsers', { application_id: app!.id }),
    enabled: open,
  });
  const org = useQuery({ queryKey: keys.departments.org(), queryFn: () => call('orgList', {}), enabled: open });
  const candidateQuery = { pageNo: 1, pageSize: 100, status: 1, department_id: department, keyword: keyword || undefined };
  const candidates = useQuery({ queryKey: keys.staff.list(candidateQuery), queryFn: () => call('staffList', candidateQuery), enabled: open });
  const tree = useMemo(() => buildOrgTree(org.data ?? []), [org.data]);

  useEffect(() => {
    if (bound.data) setChosen(bound.data.map((s) => ({ value: s.id, label: s.department_name ? `${s.name} · ${s.department_name}` : s.name })));
  }, [bound.data]);
  useEffect(() => {
    if (!open) {
      setDepartment(undefined);
      setKeyword('');
    }
  }, [open]);

  const options = useMemo(() => {
    const seen = new Set(chosen.map((c) => c.value));
    const found = (candidates.data?.data ?? [])
      .filter((s) => !seen.has(s.id))
      .map((s) => ({ value: s.id, label: s.department_name ? `${s.name} · ${s.department_name}` : s.name }));
    return [...chosen, ...found];
  }, [candidates.data, chosen]);

  const save = async () => {
    if (!app) return;
    setSaving(true);
    try {
      await call('applicationBindStaff', { application_id: app.id, staff_ids: chosen.map((c) => c.value) });
      void feedback.message.success(t('org.saved'));
      onSaved();
      onClose();
    } catch {
      // reported by the HTTP client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('application.staff.title', { name: app?.name ?? '' })}
      open={open}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('org.actions.save')}
      cancelText={t('buttons.cancel')}
      width={640}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('application.staff.hint')} style={{ marginBottom: 16 }} />
      <Form layout="vertical">
        <Form.Item label={t('application.staff.department')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            style={{ width: '100%' }}
            placeholder={t('application.staff.allDepartments')}
            treeData={tree}
            value={department}
            onChange={(v: number | undefined) => setDepartment(v)}
            data-testid="application-staff-department"
          />
        </Form.Item>
        <Form.Item label={t('application.staff.members', { count: chosen.length })}>
          <Select
            mode="multiple"
            labelInValue
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={candidates.isFetching || bound.isFetching}
            value={chosen}
            onChange={(v: { value: number; label: string }[]) => setChosen(v.map((x) => ({ value: x.value, label: String(x.label) })))}
            options={options}
            placeholder={t('application.staff.search')}
            data-testid="application-staff-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
