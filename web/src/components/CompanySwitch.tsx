/**
 * The company switch dialog (docs/product.md, sections 2, 4, 5): title 'company switch', width 450,
 * a select of the user's companies (read from local storage when the dialog opens) with a
 * tooltip, Close (only when closable) and Confirm. An empty list warns and resets; confirm
 * without a selection marks the field invalid; with one it stores company_id, closes and
 * reloads the page.
 */
import { useEffect, useState } from 'react';
import { Button, Form, Modal, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyListItem } from '@swo/contract';
import { feedback } from '../app/feedback.tsx';
import { getCompanyId, getItem, setItem, STORAGE_KEYS } from '../app/storage.ts';
import { useDialogs } from './dialogs.ts';

interface FormValues {
  company_id?: number;
}

export default function CompanySwitch() {
  const { t } = useTranslation();
  const { companyOpen, companyClosable, closeCompany } = useDialogs();
  const [companies, setCompanies] = useState<CompanyListItem[]>([]);
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (!companyOpen) return;
    const list = getItem<unknown>(STORAGE_KEYS.companyList, []);
    const valid = Array.isArray(list) ? (list as CompanyListItem[]) : [];
    if (valid.length === 0) {
      feedback.message.warning(t('company.empty'));
      closeCompany();
      return;
    }
    setCompanies(valid);
    form.resetFields();
  }, [companyOpen, closeCompany, form, t]);

  const current = getCompanyId();

  const confirm = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.company_id) return;
    setItem(STORAGE_KEYS.companyId, values.company_id);
    closeCompany();
    window.location.reload();
  };

  const footer = [
    companyClosable ? (
      <Button key="close" onClick={closeCompany}>
        {t('buttons.close')}
      </Button>
    ) : null,
    <Button key="confirm" type="primary" onClick={() => void confirm()}>
      {t('buttons.confirm')}
    </Button>,
  ];

  return (
    <Modal
      title={t('company.title')}
      width={450}
      open={companyOpen}
      closable={companyClosable}
      maskClosable={false}
      keyboard={companyClosable}
      onCancel={companyClosable ? closeCompany : undefined}
      footer={footer}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} className="company-switch-form">
        <Form.Item name="company_id" label={t('company.label')} tooltip={t('company.tooltip')} rules={[{ required: true, message: t('company.placeholder') }]}>
          <Select
            placeholder={t('company.placeholder')}
            showSearch
            allowClear
            optionFilterProp="label"
            options={companies.map((c) => ({ value: c.company_id, label: c.company_name }))}
            optionRender={(o) => (
              <span>
                {o.label}
                {o.value === current ? (
                  <Tag color="blue" style={{ marginLeft: 8 }}>
                    {t('company.current')}
                  </Tag>
                ) : null}
              </span>
            )}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
