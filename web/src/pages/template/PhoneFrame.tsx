/**
 * A form drawn as a requester sees it on a phone: a 375 px wide frame (a common phone's CSS
 * width). With `tryOut` (the designer's preview) it can be filled in and checked by the same
 * rules as the requester's form, without sending anything.
 */
import type { ReactNode } from 'react';
import { Empty, Form, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@swo/contract';
import { feedback } from '../../app/feedback.tsx';
import TemplateForm from '../../components/form/TemplateForm.tsx';
import TemplateNodes from '../../components/form/TemplateNodes.tsx';

export interface PhoneFrameProps {
  title: ReactNode;
  list: FormField[];
  /** An older version: fields shown disabled. */
  readOnly?: boolean;
  /** Fill in and check the form (nothing is sent). */
  tryOut?: boolean;
}

export default function PhoneFrame({ title, list, readOnly = false, tryOut = false }: PhoneFrameProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      style={{
        width: 375,
        maxWidth: '100%',
        margin: '0 auto',
        padding: '20px 16px',
        border: `8px solid ${token.colorFillSecondary}`,
        borderRadius: 28,
        background: token.colorBgContainer,
        minHeight: 520,
      }}
      data-testid="template-preview"
    >
      <Space style={{ marginBottom: 12 }} wrap>
        {title}
      </Space>
      {list.length && tryOut ? (
        <TemplateForm
          template={{ list }}
          withRequester={false}
          submitLabel={t('designer.tryCheck')}
          submitTestId="preview-check"
          onSubmit={() => {
            feedback.message.success(t('designer.tryValid'));
            return Promise.resolve();
          }}
        />
      ) : list.length ? (
        <Form layout="vertical" disabled={readOnly}>
          <TemplateNodes list={list} />
        </Form>
      ) : (
        <Empty description={t('template.noFields')} />
      )}
    </div>
  );
}
