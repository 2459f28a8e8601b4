/**
 * A template's form as a requester sees it on a phone (a narrow frame in a drawer), with
 * its versions: an older version opens read-only, saying that orders made with it keep it.
 */
import { useState } from 'react';
import { Alert, Drawer, Select, Skeleton, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormField, TemplateItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import PhoneFrame from './PhoneFrame.tsx';

export interface TemplatePreviewProps {
  /** null = closed. */
  template: TemplateItem | null;
  onClose: () => void;
}

export default function TemplatePreview({ template, onClose }: TemplatePreviewProps) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const kind = template?.is_private === 0 ? 'library' : 'private';
  const detail = useQuery({
    queryKey: keys.templates.detail(kind, template?.id ?? 0, version),
    queryFn: () => call('templateDetail', { id: template!.id, is_private: template!.is_private, ...(version ? { version } : {}) }),
    enabled: !!template,
  });
  const d = detail.data;
  const list = (d?.schema as { list?: FormField[] } | undefined)?.list ?? [];
  const old = !!d && d.shown_version < d.version;

  return (
    <Drawer
      title={template ? t('template.previewTitle', { name: template.name }) : ''}
      open={!!template}
      onClose={onClose}
      afterOpenChange={(open) => !open && setVersion(0)}
      width={480}
      destroyOnHidden
      extra={
        d && d.versions.length > 1 ? (
          <Space>
            <span>{t('template.versions')}</span>
            <Select
              size="small"
              value={d.shown_version}
              onChange={(v: number) => setVersion(v === d.version ? 0 : v)}
              style={{ width: 150 }}
              aria-label={t('template.versions')}
              data-testid="template-version"
              options={d.versions.map((v) => ({
                value: v.version,
                label: `${t('template.versionN', { version: v.version })}${v.version === d.version ? ` · ${t('template.current')}` : ''}`,
              }))}
            />
          </Space>
        ) : null
      }
    >
      {old ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('template.oldVersion', { version: d.shown_version })} /> : null}
      {detail.isLoading || !d ? (
        <Skeleton active />
      ) : (
        <PhoneFrame
          readOnly={old}
          list={list}
          title={
            <>
              <strong>{d.name}</strong>
              <Tag>{t('template.versionN', { version: d.shown_version })}</Tag>
            </>
          }
        />
      )}
    </Drawer>
  );
}
