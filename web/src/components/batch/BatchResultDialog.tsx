/**
 * The per-item results of a batch action: a summary line (n succeeded, m failed) and a
 * table of order number, result and the server's message for each selected order.
 */
import { Alert, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchRow, BatchSummary } from './batchSummary.ts';

export default function BatchResultDialog({ title, summary, onClose }: { title: string; summary: BatchSummary | null; onClose: () => void }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<BatchRow> = [
    { title: t('workOrder.fields.orderNo'), dataIndex: 'order_no', width: 190 },
    {
      title: t('batch.result'),
      dataIndex: 'ok',
      width: 110,
      render: (ok: boolean) => (ok ? <Tag color="success">{t('batch.ok')}</Tag> : <Tag color="error">{t('batch.failed')}</Tag>),
    },
    // A succeeded item needs no explanation (the server says just 'success').
    { title: t('batch.message'), dataIndex: 'msg', render: (v: string, r) => (r.ok ? '-' : v || t('batch.noAnswer')) },
  ];
  return (
    <Modal
      title={title}
      open={!!summary}
      onOk={onClose}
      onCancel={onClose}
      okText={t('buttons.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={680}
    >
      {summary ? (
        <div data-testid="batch-results">
          <Alert
            style={{ marginBottom: 12 }}
            type={summary.failed === 0 ? 'success' : summary.ok === 0 ? 'error' : 'warning'}
            showIcon
            message={t('batch.summary', { ok: summary.ok, failed: summary.failed })}
          />
          <Table<BatchRow> rowKey="id" size="small" columns={columns} dataSource={summary.rows} pagination={false} scroll={{ y: 320 }} />
        </div>
      ) : null}
    </Modal>
  );
}
