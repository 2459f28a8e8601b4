/**
 * Exports the filtered list (the server writes the .xlsx; `workorder.export`): downloads it
 * with progress and saves it as yyyyMMddhhmmss.xlsx (local time), then '下载成功' or '下载失败'.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WorkOrderListParams } from '../../app/api.ts';
import { downloadFile, saveFile } from '../../app/download.ts';
import { feedback } from '../../app/feedback.tsx';
import { timestampName } from '../../components/export/fileName.ts';
import TransferProgress, { type TransferState } from '../../components/TransferProgress.tsx';

export default function ExportButton({ query }: { query: WorkOrderListParams }) {
  const { t } = useTranslation();
  const [state, setState] = useState<TransferState | null>(null);
  const run = async () => {
    setState({ loaded: 0 });
    try {
      // Same filters as the list, without paging.
      const { pageNo: _p, pageSize: _s, ...filters } = query;
      const blob = await downloadFile('exportWorkOrders', { ...filters }, (e) => setState({ loaded: e.loaded, total: e.total }));
      saveFile(blob, timestampName());
      feedback.message.success(t('export.success'));
    } catch {
      feedback.message.error(t('export.failure'));
    } finally {
      setState(null);
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void run()} loading={!!state} data-testid="export-orders">
        {t('export.button')}
      </Button>
      <TransferProgress title={t('export.progressTitle')} state={state} />
    </>
  );
}
