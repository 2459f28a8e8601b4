/** The platform's common template library (menu component TemplateLibrary, platform administrators). */
import { Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import TemplateTable from './TemplateTable.tsx';

export default function TemplateLibrary() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('menu.library')} variant="borderless">
      <Typography.Paragraph type="secondary">{t('template.libraryHint')}</Typography.Paragraph>
      <TemplateTable
        library
        toolbar={(openNew) => (
          <Button type="primary" icon={<PlusOutlined />} onClick={openNew} data-testid="template-add">
            {t('template.addCommon')}
          </Button>
        )}
      />
    </Card>
  );
}
