/**
 * The company's templates (menu component TemplateList): its own templates in a table,
 * and the platform's library as a gallery whose templates the company copies ("use this
 * template", with the add action) into its own.
 */
import { useState } from 'react';
import { Button, Card, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TemplateItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';
import { usePermission } from '../../app/routeContext.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import TemplateGallery from './TemplateGallery.tsx';
import TemplateTable from './TemplateTable.tsx';

export default function TemplateList() {
  const { t } = useTranslation();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'mine' | 'library'>('mine');

  const use = (item: TemplateItem) =>
    confirmAction({
      title: t('template.copyTitle', { name: item.name }),
      content: t('template.copyContent'),
      okText: t('template.use'),
      run: () => call('templateAdd', { copy_of: item.id }),
      done: t('template.copied'),
      onDone: () => {
        void queryClient.invalidateQueries({ queryKey: keys.templates.all });
        setTab('mine');
      },
    });

  return (
    <Card className="page-card" title={t('menu.template')} variant="borderless">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'mine' | 'library')}
        items={[
          {
            key: 'mine',
            label: t('template.tabs.mine'),
            children: (
              <TemplateTable
                toolbar={(openNew) => (
                  <Button type="primary" icon={<PlusOutlined />} onClick={openNew} data-testid="template-add">
                    {t('template.add')}
                  </Button>
                )}
              />
            ),
          },
          { key: 'library', label: t('template.tabs.library'), children: <TemplateGallery onUse={can('template.add') ? use : undefined} /> },
        ]}
      />
    </Card>
  );
}
