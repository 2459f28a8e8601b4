/** The result of an import: created and failed counts, created order numbers, per-row errors. */
import { Alert, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportReply } from '../../app/api.ts';

type RowError = ImportReply['errors'][number];

export default function ImportResultDialog({ result, onClose }: { result: ImportReply | null; onClose: () => void }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<RowError> = [
    { title: t('import.row'), dataIndex: 'row', width: 80 },
    { title: t('import.field'), dataIndex: 'field', width: 160, render: (v: string) => v || '-' },
    { title: t('import.message'), dataIndex: 'message' },
  ];
  return (
    <Modal
      title={t('import.resultTitle')}
      open={!!result}
      onOk={onClose}
      onCancel={onClose}
      okText={t('buttons.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
    >
      {result ? (
        <div data-testid="import-result">
          <Alert
            type={result.failed === 0 ? 'success' : result.created === 0 ? 'error' : 'warning'}
            showIcon
            message={t('import.summary', { created: result.created, failed: result.failed })}
            style={{ marginBottom: 12 }}
          />
          {result.orders.length ? (
            <Typography.Paragraph type="secondary">
              {t('import.createdOrders')}: {result.orders.map((o) => o.order_no).join('、')}
            </Typography.Paragraph>
          ) : null}
          {result.errors.length ? (
            <Table<RowError>
              rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
              size="small"
              columns={columns}
              dataSource={result.errors}
              pagination={false}
              scroll={{ y: 300 }}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
