/**
 * A batch (sub-table) field: rows of the batch's own fields, added, copied and removed by
 * the person filling the form (k-form-design's batch; docs/design.md section 16). Each row
 * keeps a `key`; the values are control values until the form converts them for the wire.
 */
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldLabel, type FormField } from '@swo/contract';
import { ChildControl } from './childControl.tsx';
import { toControlValue } from './formValues.ts';

type Row = Record<string, unknown>;

let seq = 0;
/** A row key like k-form-design's (a time stamp), unique within the page. */
const newKey = () => Date.now() * 1000 + (seq++ % 1000);

export const batchChildren = (field: FormField): FormField[] =>
  (Array.isArray(field.list) ? field.list : []).filter((c) => c && typeof c === 'object' && c.model);

export default function BatchControl({
  field,
  value,
  onChange,
  disabled,
}: {
  field: FormField;
  value?: Row[];
  onChange?: (rows: Row[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const rows = Array.isArray(value) ? value : [];
  const children = batchChildren(field).filter((c) => !c.options?.hidden);
  const set = (next: Row[]) => onChange?.(next);
  const blank = (): Row => ({ key: newKey(), ...Object.fromEntries(children.map((c) => [c.model, toControlValue(c, c.options?.defaultValue)])) });

  const columns = [
    ...(field.options?.hideSequence
      ? []
      : [{ title: '#', key: '_seq', width: 48, align: 'center' as const, render: (_: unknown, __: Row, i: number) => i + 1 }]),
    ...children.map((c) => ({
      title: (
        <span>
          {(c.rules ?? []).some((r) => r.required) && <span className="batch-required">*</span>}
          {fieldLabel(c)}
        </span>
      ),
      key: c.model,
      width: 200,
      render: (_: unknown, row: Row, i: number) => (
        <ChildControl
          field={c}
          id={`${field.model}_${i}_${c.model}`}
          value={row[c.model]}
          onChange={(v) => set(rows.map((r, j) => (j === i ? { ...r, [c.model]: v } : r)))}
        />
      ),
    })),
    {
      title: t('rows.actions'),
      key: '_ops',
      width: 88,
      fixed: 'right' as const,
      render: (_: unknown, row: Row, i: number) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('rows.copy')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('rows.copy')}
              disabled={disabled}
              onClick={() => set([...rows, { ...row, key: newKey() }])}
            />
          </Tooltip>
          <Tooltip title={t('rows.remove')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('rows.remove')}
              disabled={disabled}
              onClick={() => set(rows.filter((_, j) => j !== i))}
            />
          </Tooltip>
        </span>
      ),
    },
  ];

  return (
    <div className="batch-control" data-testid={`batch-${field.model}`}>
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        rowKey={(r) => String(r.key)}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('rows.empty') }}
      />
      <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} disabled={disabled} onClick={() => set([...rows, blank()])}>
        {t('rows.add')}
      </Button>
    </div>
  );
}
