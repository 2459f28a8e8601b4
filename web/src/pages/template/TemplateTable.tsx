/**
 * The table of templates with its filters and row actions, for a company's own templates
 * or (with `library`) the platform's common library: preview (with versions), settings,
 * automatic dispatch switched in the row (company templates), enable/disable and delete
 * (a template in use answers 409, shown by the HTTP client). Filters and page live in the URL.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EyeOutlined, FormOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PermissionCode, TemplateItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { formatTime } from '../../app/format.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { useUrlTable } from '../../app/useUrlTable.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import { FILTERED_TABLE, filteredQuery, KeywordStatusFilters } from '../../components/KeywordStatusFilters.tsx';
import TemplateDialog from './TemplateDialog.tsx';
import TemplatePreview from './TemplatePreview.tsx';

export interface TemplateTableProps {
  library?: boolean;
  /** Rendered above the filters (e.g. the add button). */
  toolbar?: (openNew: () => void) => ReactNode;
}

export default function TemplateTable({ library = false, toolbar }: TemplateTableProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kind = library ? 'library' : 'private';
  const perm = (action: 'add' | 'edit' | 'delete' | 'enable' | 'disable') => can(`${library ? 'library' : 'template'}.${action}` as PermissionCode);
  const { state, update, pagination } = useUrlTable(FILTERED_TABLE);
  const query = useMemo(() => filteredQuery(state), [state]);
  const [editing, setEditing] = useState<TemplateItem | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<TemplateItem | null>(null);
  const list = useQuery({
    queryKey: keys.templates.list(kind, query),
    queryFn: () => call(library ? 'templateLibraryList' : 'templatePrivateList', query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: keys.templates.all });
  const isPrivate = library ? 0 : 1;

  const toggle = (r: TemplateItem) => {
    const enable = r.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: r.name }),
      content: t(enable ? 'template.enableContent' : 'template.disableContent'),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => call('templateStatus', { id: r.id, status: enable ? 1 : 0, is_private: isPrivate }),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: refresh,
    });
  };
  const remove = (r: TemplateItem) =>
    confirmAction({
      title: t('org.deleteTitle', { name: r.name }),
      content: t(library ? 'template.libraryDeleteContent' : 'template.deleteContent'),
      okText: t('org.actions.delete'),
      danger: true,
      run: () => call(library ? 'templateLibraryDelete' : 'templatePrivateDelete', { id: r.id }),
      done: t('org.deleted'),
      onDone: refresh,
    });
  const setAutomatic = async (r: TemplateItem, on: boolean) => {
    try {
      await call('templateAutomatic', { id: r.id, is_automatic: on });
      void feedback.message.success(t(on ? 'template.automaticOn' : 'template.automaticOff'));
    } finally {
      refresh();
    }
  };

  const columns: TableColumnsType<TemplateItem> = [
    {
      title: t('template.fields.name'),
      dataIndex: 'name',
      width: 240,
      render: (v: string, r) => (
        <div>
          <Space size={4} wrap>
            <Typography.Text strong>{v}</Typography.Text>
            {r.source_id ? <Tag color="blue">{t('template.fromLibrary')}</Tag> : null}
          </Space>
          {r.description ? (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.description}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    ...(library
      ? []
      : ([
          { title: t('template.fields.category'), dataIndex: 'category_name', width: 110, render: (v: string | null) => v || '-' },
        ] as TableColumnsType<TemplateItem>)),
    { title: t('template.fields.version'), dataIndex: 'version', width: 80, render: (v: number) => t('template.versionN', { version: v }) },
    {
      title: t('template.fields.needsReview'),
      dataIndex: 'needs_review',
      width: 100,
      render: (v: boolean) => (v ? <Tag color="orange">{t('template.fields.needsReview')}</Tag> : '-'),
    },
    {
      title: t('template.fields.automatic'),
      dataIndex: 'is_automatic',
      width: 100,
      render: (v: boolean, r) =>
        library || !perm('edit') ? (
          v ? (
            <Tag color="green">{t('template.fields.automatic')}</Tag>
          ) : (
            '-'
          )
        ) : (
          <Switch
            size="small"
            checked={v}
            onChange={(on) => void setAutomatic(r, on)}
            aria-label={t('template.fields.automatic')}
            data-testid="template-automatic-switch"
          />
        ),
    },
    {
      title: t('template.fields.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: number) => (v === 1 ? <Badge status="success" text={t('org.status.enabled')} /> : <Badge status="default" text={t('org.status.disabled')} />),
    },
    ...(library ? [] : ([{ title: t('template.fields.usedBy'), dataIndex: 'used_by', width: 100, align: 'right' }] as TableColumnsType<TemplateItem>)),
    { title: t('template.fields.updatedAt'), dataIndex: 'updated_at', width: 170, render: (v: string) => formatTime(v) },
    {
      title: t('org.fields.actions'),
      key: 'actions',
      width: 300,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(r)} data-testid="template-preview-open">
            {t('template.preview')}
          </Button>
          {perm('edit') ? (
            <Button
              type="link"
              size="small"
              icon={<FormOutlined />}
              onClick={() => void navigate(`/template/design/${r.id}${library ? '?library=1' : ''}`)}
              data-testid="template-design"
            >
              {t('designer.open')}
            </Button>
          ) : null}
          {perm('edit') ? (
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="template-edit">
              {t('org.actions.edit')}
            </Button>
          ) : null}
          {perm(r.status === 1 ? 'disable' : 'enable') ? (
            <Button type="link" size="small" onClick={() => toggle(r)} data-testid="template-status">
              {t(r.status === 1 ? 'org.actions.disable' : 'org.actions.enable')}
            </Button>
          ) : null}
          {perm('delete') ? (
            <Button type="link" size="small" danger onClick={() => remove(r)} data-testid="template-delete">
              {t('org.actions.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'flex-start' }} wrap>
        <KeywordStatusFilters state={state} update={update} placeholder={t('template.keyword')} testId="template" />
        {perm('add') && toolbar ? toolbar(() => setEditing('new')) : null}
      </Space>
      <Table<TemplateItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={pagination(list.data?.totalCount)}
      />
      <TemplateDialog item={editing} library={library} onClose={() => setEditing(null)} onSaved={refresh} />
      <TemplatePreview template={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
