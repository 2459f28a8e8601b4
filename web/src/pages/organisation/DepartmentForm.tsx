/**
 * Adds or edits a department in a modal: name, parent (a tree of the departments; the
 * department itself and its descendants cannot be chosen, and the server's 400 for such a
 * move shows on the field), leader (staff who may handle orders), sort and status.
 * A changed form asks before closing.
 */
import { useMemo } from 'react';
import { Form, Input, Modal, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Department } from '@swo/contract';
import { call, employeeList } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import { useFormDialog } from '../../components/useFormDialog.ts';
import SortStatusFields from './SortStatusFields.tsx';
import { buildDepartmentTree, selfAndDescendants, type DepartmentNode } from './departmentTree.ts';

/** What the dialog does: add (under `parentId`, 0 = top level) or edit `department`. */
export type DepartmentFormMode = { kind: 'add'; parentId: number } | { kind: 'edit'; department: Department };

interface Values {
  name: string;
  parent_id: number;
  leader_staff_id?: number | null;
  sort: number;
  status: number;
}

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

function options(nodes: DepartmentNode[], blocked: Set<number>): TreeOption[] {
  return nodes.map((n) => ({ value: n.id, title: n.name, disabled: blocked.has(n.id), children: n.children ? options(n.children, blocked) : undefined }));
}

export interface DepartmentFormProps {
  mode: DepartmentFormMode | null;
  departments: Department[];
  onClose: () => void;
  onSaved: () => void;
}

export default function DepartmentForm({ mode, departments, onClose, onSaved }: DepartmentFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const staff = useQuery({ queryKey: keys.staff.assignable(undefined), queryFn: () => employeeList({}), enabled: !!mode });
  const editing = mode?.kind === 'edit' ? mode.department : null;

  const dialog = useFormDialog({
    form,
    target: mode,
    values: (m) => (m.kind === 'edit' ? { ...m.department } : { name: '', parent_id: m.parentId, leader_staff_id: null, sort: 0, status: 1 }),
    save: async (values) => {
      const body = { ...values, name: values.name.trim(), leader_staff_id: values.leader_staff_id ?? null };
      if (editing) await call('departmentEdit', { ...body, id: editing.id });
      else await call('departmentAdd', body);
      void feedback.message.success(t('org.saved'));
    },
    onSaved,
    onClose,
  });

  const parentOptions = useMemo(() => {
    const blocked = editing ? selfAndDescendants(departments, editing.id) : new Set<number>();
    return [{ value: 0, title: t('department.root') }, ...options(buildDepartmentTree(departments), blocked)];
  }, [departments, editing, t]);

  return (
    <Modal
      title={editing ? t('department.edit') : t('department.add')}
      {...dialog.modalProps}
      okText={t('org.actions.save')}
      cancelText={t('buttons.cancel')}
      data-testid="department-form"
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        <Form.Item
          name="name"
          label={t('department.name')}
          rules={[{ required: true, whitespace: true, message: t('org.required', { label: t('department.name') }) }]}
        >
          <Input maxLength={64} autoFocus data-testid="department-name" />
        </Form.Item>
        <Form.Item name="parent_id" label={t('department.parent')}>
          <TreeSelect treeData={parentOptions} treeDefaultExpandAll showSearch treeNodeFilterProp="title" data-testid="department-parent" />
        </Form.Item>
        <Form.Item name="leader_staff_id" label={t('department.leader')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('department.leaderPlaceholder')}
            loading={staff.isFetching}
            options={(staff.data ?? []).map((e) => ({
              value: e.id,
              label: [e.name, e.job_number, e.department_name].filter(Boolean).join(' · '),
            }))}
            data-testid="department-leader"
          />
        </Form.Item>
        <SortStatusFields />
      </Form>
    </Modal>
  );
}
