/**
 * The library as a gallery of cards (enabled common templates): each previews as a
 * requester sees it and, when `onUse` is given, offers "use this template" (copy it into
 * the company).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { CopyOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TemplateItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import TemplatePreview from './TemplatePreview.tsx';

const ALL = { pageNo: 1, pageSize: 100, status: 1 };

export interface TemplateGalleryProps {
  onUse?: (template: TemplateItem) => void;
  /** Called once the enabled templates have arrived (the public page offers a chosen one). */
  onLoaded?: (templates: TemplateItem[]) => void;
}

export default function TemplateGallery({ onUse, onLoaded }: TemplateGalleryProps) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<TemplateItem | null>(null);
  const list = useQuery({ queryKey: keys.templates.list('library', ALL), queryFn: () => call('templateLibraryList', ALL) });
  const items = (list.data?.data ?? []).filter((x) => x.status === 1);
  const loaded = useRef(onLoaded);
  useEffect(() => {
    loaded.current = onLoaded;
  });
  useEffect(() => {
    if (list.data) loaded.current?.(list.data.data.filter((x) => x.status === 1));
  }, [list.data]);
  if (list.isLoading) return <Skeleton active />;
  if (!items.length) return <Empty description={t('template.emptyLibrary')} />;
  return (
    <>
      <Row gutter={[16, 16]} data-testid="template-gallery">
        {items.map((item) => (
          <Col key={item.id} xs={24} sm={12} lg={8} xxl={6}>
            <Card
              size="small"
              title={item.name}
              data-testid="template-card"
              actions={[
                <Button key="preview" type="link" icon={<EyeOutlined />} onClick={() => setPreviewing(item)}>
                  {t('template.preview')}
                </Button>,
                ...(onUse
                  ? [
                      <Button key="use" type="link" icon={<CopyOutlined />} onClick={() => onUse(item)} data-testid="template-use">
                        {t('template.use')}
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44, marginBottom: 8 }}>
                {item.description || '-'}
              </Typography.Paragraph>
              <Space size={4} wrap>
                <Tag>{t('template.versionN', { version: item.version })}</Tag>
                {item.needs_review ? <Tag color="orange">{t('template.fields.needsReview')}</Tag> : null}
                {item.is_automatic ? <Tag color="green">{t('template.fields.automatic')}</Tag> : null}
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <TemplatePreview template={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
