/**
 * The company switch dialog (docs/product.md, sections 2, 4, 5): title 'company switch', width 450,
 * a select of the user's companies (read from local storage when the dialog opens) with a
 * tooltip, Close (only when closable) and Confirm. An empty list warns and resets; confirm
 * without a selection marks the field invalid; with one it closes and switches company in
 * place (no page reload: session.ts `switchCompany`), staying on the page when the new
 * company's menus have it, else going home.
 * The company is kept in local storage, shared by every tab of the browser: when another tab
 * switches, this one follows at once (and says so) instead of sending calls for a company it
 * does not show.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Modal, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { CompanyListItem } from '@swo/contract';
import { hasPath } from '../app/dynamicRoutes.ts';
import { feedback } from '../app/feedback.tsx';
import { useSession } from '../app/session.ts';
import { getCompanyId, getItem, STORAGE_KEYS } from '../app/storage.ts';
import { useDialogs } from './dialogs.ts';

/** How long the notice of a switch made in another tab stays, in seconds. */
const FOLLOWED_NOTICE_S = 10;

interface FormValues {
  company_id?: number;
}

export default function CompanySwitch() {
  const { t } = useTranslation();
  const { companyOpen, companyClosable, closeCompany } = useDialogs();
  const [companies, setCompanies] = useState<CompanyListItem[]>([]);
  const [form] = Form.useForm<FormValues>();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  /** Switches in place; stays on `from` when the new company's menus have it (never an order of the old one). */
  const switchTo = useCallback(
    async (companyId: number, from: string) => {
      const info = await useSession
        .getState()
        .switchCompany(companyId)
        .catch(() => null);
      // A failed load is shown by the route guard (its retry screen).
      if (!info) return null;
      void navigate(hasPath(useSession.getState().routes, from) ? from : '/', { replace: true });
      return info;
    },
    [navigate],
  );

  // Another tab chose another company: follow it, so this tab never acts in a company it does not show.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.storageArea !== window.localStorage || e.key !== STORAGE_KEYS.companyId || !e.newValue) return;
      const id = getCompanyId();
      if (!id || id === useSession.getState().company?.company_id) return;
      closeCompany();
      void switchTo(id, window.location.pathname).then((info) => {
        // Longer than a message's usual 3 s: the tab may be looked at only a little later.
        if (info?.company) feedback.message.info(t('company.switchedElsewhere', { company: info.company.company_name }), FOLLOWED_NOTICE_S);
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [closeCompany, switchTo, t]);

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
    closeCompany();
    // The company already shown (the choice asked for after sign-in): nothing to reload.
    if (values.company_id === useSession.getState().company?.company_id && values.company_id === getCompanyId()) return;
    await switchTo(values.company_id, pathname);
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
