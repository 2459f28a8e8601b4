/**
 * Imports orders from Excel (`workorder.import`): pick the application, download its
 * import template, choose the filled .xlsx (at most 5 MB), upload it with progress, then
 * a result dialog shows how many were created and failed, with the per-row errors.
 */
import { useState } from 'react';
import { Alert, Button, Form, Modal, Select, Upload, type UploadFile } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES, importOrders, type ImportReply } from '../../app/api.ts';
import { downloadFile, saveFile } from '../../app/download.ts';
import { feedback } from '../../app/feedback.tsx';
import TransferProgress, { type TransferState } from '../../components/TransferProgress.tsx';
import ImportResultDialog from './ImportResultDialog.tsx';
import type { BoundApplication } from '../../app/api.ts';

export default function ImportButton({ applications, onDone }: { applications: BoundApplication[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [appId, setAppId] = useState<number | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [state, setState] = useState<TransferState | null>(null);
  const [result, setResult] = useState<ImportReply | null>(null);

  const reset = () => {
    setFile(null);
    setProblem('');
  };

  const template = async () => {
    if (!appId) return setProblem(t('import.pickApplication'));
    try {
      const blob = await downloadFile('importTemplate', { application_id: appId });
      const name = applications.find((a) => a.id === appId)?.name ?? 'import';
      saveFile(blob, `${name}-${t('import.templateSuffix')}.xlsx`);
    } catch (e) {
      feedback.message.error(e instanceof Error && e.message ? e.message : t('export.failure'));
    }
  };

  const upload = async () => {
    if (!appId) return setProblem(t('import.pickApplication'));
    if (!file) return setProblem(t('import.pickFile'));
    setState({ loaded: 0, total: file.size });
    try {
      const reply = await importOrders(appId, file, (e) => setState({ loaded: e.loaded, total: e.total ?? file.size }));
      setOpen(false);
      reset();
      setResult(reply);
      onDone();
    } catch {
      // Reported by the HTTP client (e.g. a wrong header row, a file too large).
    } finally {
      setState(null);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: '1', name: file.name, size: file.size, status: 'done' }] : [];
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="import-orders">
        {t('import.button')}
      </Button>
      <Modal
        title={t('import.title')}
        open={open}
        onOk={() => void upload()}
        onCancel={() => setOpen(false)}
        okText={t('import.upload')}
        cancelText={t('buttons.cancel')}
        confirmLoading={!!state}
      >
        <Form layout="vertical">
          <Form.Item label={t('import.application')} required>
            <Select
              value={appId}
              onChange={(v: number) => {
                setAppId(v);
                setProblem('');
              }}
              placeholder={t('import.pickApplication')}
              options={applications.map((a) => ({ value: a.id, label: a.name }))}
              data-testid="import-app"
            />
          </Form.Item>
          <Form.Item label={t('import.templateLabel')} extra={t('import.templateHint')}>
            <Button onClick={() => void template()} disabled={!appId} data-testid="import-template">
              {t('import.downloadTemplate')}
            </Button>
          </Form.Item>
          <Form.Item label={t('import.file')} required extra={t('import.fileHint')}>
            <Upload.Dragger
              accept=".xlsx"
              maxCount={1}
              fileList={fileList}
              beforeUpload={(f) => {
                if (!/\.xlsx$/i.test(f.name)) setProblem(t('import.notXlsx'));
                else if (f.size > IMPORT_MAX_BYTES) setProblem(t('import.tooLarge'));
                else {
                  setFile(f);
                  setProblem('');
                }
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('import.drop')}</p>
            </Upload.Dragger>
          </Form.Item>
        </Form>
        {problem ? <Alert type="error" showIcon message={problem} /> : null}
      </Modal>
      <TransferProgress title={t('import.progressTitle')} state={state} />
      <ImportResultDialog result={result} onClose={() => setResult(null)} />
    </>
  );
}
