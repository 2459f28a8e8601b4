/**
 * The form as JSON: export (copy, or save as a file) and import (paste k-form-design JSON,
 * e.g. from the original designer; anything without a field list is refused with a
 * message, nothing is replaced).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormTemplate } from '@swo/contract';

export interface JsonDialogProps {
  /** null = closed. */
  mode: 'import' | 'export' | null;
  form: FormTemplate;
  name: string;
  onImport: (form: FormTemplate) => void;
  onClose: () => void;
}

/** The form in `text`, or null when it is not a k-form-design form (`{list: [...]}`). */
export function parseForm(text: string): FormTemplate | null {
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || !Array.isArray((v as FormTemplate).list)) return null;
    const f = v as FormTemplate;
    if (!f.list.every((x) => x && typeof x === 'object' && typeof (x as { type?: unknown }).type === 'string')) return null;
    return { ...f, config: f.config && typeof f.config === 'object' ? f.config : {} };
  } catch {
    return null;
  }
}

export default function JsonDialog({ mode, form, name, onImport, onClose }: JsonDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  useEffect(() => {
    if (mode) {
      setText(mode === 'export' ? JSON.stringify(form, null, 2) : '');
      setError(false);
    }
  }, [mode, form]);

  const save = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name || 'form'}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const apply = () => {
    const parsed = parseForm(text);
    if (!parsed) return setError(true);
    onImport(parsed);
    onClose();
  };

  return (
    <Modal
      title={t(mode === 'export' ? 'designer.exportJson' : 'designer.importJson')}
      open={!!mode}
      onCancel={onClose}
      width={720}
      footer={
        mode === 'export' ? (
          <Space>
            <Typography.Text copyable={{ text, tooltips: [t('buttons.copy'), t('buttons.copied')] }} />
            <Button icon={<DownloadOutlined />} onClick={save}>
              {t('designer.saveFile')}
            </Button>
            <Button type="primary" onClick={onClose} data-testid="json-close">
              {t('buttons.close')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose} data-testid="json-cancel">
              {t('buttons.cancel')}
            </Button>
            <Button type="primary" onClick={apply} data-testid="json-import-apply">
              {t('designer.importApply')}
            </Button>
          </Space>
        )
      }
    >
      {mode === 'import' ? <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('designer.importHint')} /> : null}
      {error ? <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('designer.importInvalid')} /> : null}
      <Input.TextArea
        value={text}
        readOnly={mode === 'export'}
        onChange={(e) => {
          setText(e.target.value);
          setError(false);
        }}
        rows={18}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        aria-label={t(mode === 'export' ? 'designer.exportJson' : 'designer.importJson')}
        data-testid="json-text"
      />
    </Modal>
  );
}
