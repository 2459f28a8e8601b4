/**
 * The before/after of one operation-log entry: a field table with the changed fields
 * highlighted (and listed first), plus any other facts the entry recorded.
 */
import { Descriptions, Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../app/format.ts';
import { logDiff, type DiffRow } from './logDiff.ts';

export default function LogDetail({ detail }: { detail: Record<string, unknown> }) {
  const { t } = useTranslation();
  const diff = logDiff(detail);
  const changed = diff.rows.filter((r) => r.changed).length;
  // Timestamps (`…_at`) in the user's zone, like the rest of the screen.
  const shown = (v: string, r: DiffRow) => (r.field.endsWith('_at') ? formatTime(v) : v);
  const cell = (v: string, r: DiffRow) =>
    v === '' ? <Typography.Text type="secondary">—</Typography.Text> : <span className={r.changed ? 'log-changed' : undefined}>{shown(v, r)}</span>;
  const columns: TableColumnsType<DiffRow> = [
    {
      title: t('operationLog.field'),
      dataIndex: 'field',
      width: 200,
      render: (v: string, r) => (
        <span>
          <Typography.Text code>{v}</Typography.Text>
          {r.changed ? (
            <Tag color="orange" bordered={false} style={{ marginInlineStart: 6 }}>
              {t('operationLog.changed')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: t('operationLog.before'), dataIndex: 'before', render: cell },
    { title: t('operationLog.after'), dataIndex: 'after', render: cell },
  ];

  if (!diff.hasSides && !diff.facts.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operationLog.noDetail')} />;
  return (
    <div className="log-detail" data-testid="log-detail">
      {diff.hasSides ? (
        <>
          <Typography.Text type="secondary">{t('operationLog.onlyChanged', { n: changed })}</Typography.Text>
          <Table<DiffRow>
            rowKey="field"
            size="small"
            columns={columns}
            dataSource={diff.rows}
            pagination={false}
            rowClassName={(r) => (r.changed ? 'log-row-changed' : '')}
            style={{ marginTop: 8 }}
          />
        </>
      ) : null}
      {diff.facts.length ? (
        <Descriptions
          size="small"
          column={1}
          title={t('operationLog.facts')}
          style={{ marginTop: 12 }}
          items={diff.facts.map(([k, v]) => ({ key: k, label: k, children: v || '—' }))}
        />
      ) : null}
    </div>
  );
}
