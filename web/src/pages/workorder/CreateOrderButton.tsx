/**
 * "New work order" for staff (`workorder.add`): choose the application, fill its template
 * (the same renderer and rules as the public form, with the requester's name and phone),
 * and the order is created through `Work/add`.
 */
import { useState } from 'react';
import { Button, Form, Modal, Result, Select, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staffCreateOrder, templateData } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { keys } from '../../app/queryKeys.ts';
import TemplateForm, { type RequesterSubmission } from '../../components/form/TemplateForm.tsx';
import { asTemplate } from './templateOf.ts';
import type { BoundApplication } from '../../app/api.ts';

export default function CreateOrderButton({ applications, onDone }: { applications: BoundApplication[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [appId, setAppId] = useState<number | undefined>();
  const [formKey, setFormKey] = useState(0);
  const app = applications.find((a) => a.id === appId);
  const tpl = useQuery({
    queryKey: keys.publicTemplate(app?.app_key ?? ''),
    queryFn: () => templateData(app!.app_key),
    enabled: open && !!app,
  });

  const submit = async (s: RequesterSubmission) => {
    const order = await staffCreateOrder({ application_id: appId!, ...s });
    feedback.message.success(t('create.done', { no: order.order_no }));
    setOpen(false);
    setFormKey((k) => k + 1);
    onDone();
  };

  const envelope = tpl.data;
  let body;
  if (!app) body = null;
  else if (tpl.isFetching && !envelope) body = <Skeleton active />;
  else if (!envelope || envelope.code !== 200 || !envelope.data) body = <Result status="warning" title={t('input.loadFailed')} />;
  else body = <TemplateForm key={`${appId}-${formKey}`} template={asTemplate(envelope.data.template.schema)} onSubmit={submit} />;

  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="create-order">
        {t('create.button')}
      </Button>
      <Modal title={t('create.title')} open={open} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label={t('import.application')} required>
            <Select
              value={appId}
              onChange={(v: number) => setAppId(v)}
              placeholder={t('import.pickApplication')}
              options={applications.filter((a) => a.status === 1).map((a) => ({ value: a.id, label: a.name }))}
              data-testid="create-app"
            />
          </Form.Item>
        </Form>
        {body}
      </Modal>
    </>
  );
}
