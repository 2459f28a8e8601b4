/**
 * The shape of a layout container in the properties pane: a grid's columns and their spans,
 * the panes of tabs and their titles, a table's rows and columns. Only empty parts can be
 * taken away (layoutOps.ts), so the remove buttons say why they are off.
 */
import { Button, Form, Input, InputNumber, Space, Tooltip } from 'antd';
import { DeleteOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@swo/contract';
import { addGridColumn, addPane, growTable, removeGridColumn, removePane, rowsOf, setPaneLabel, setSpan, shrinkTable, type Column } from './layoutOps.ts';

interface LayoutPropsProps {
  field: FormField;
  onField: (patch: Partial<FormField>) => void;
}

/** A button that applies `patch` and is off, with the reason, when the patch is empty. */
function Step({
  patch,
  icon,
  label,
  testId,
  onField,
}: { patch: Partial<FormField>; icon: React.ReactNode; label: string; testId: string } & Pick<LayoutPropsProps, 'onField'>) {
  const { t } = useTranslation();
  const off = Object.keys(patch).length === 0;
  return (
    <Tooltip title={off ? t('designer.layout.onlyEmpty') : undefined}>
      <Button size="small" icon={icon} disabled={off} onClick={() => onField(patch)} data-testid={testId}>
        {label}
      </Button>
    </Tooltip>
  );
}

export default function LayoutProps({ field, onField }: LayoutPropsProps) {
  const { t } = useTranslation();
  const l = (k: string, o?: Record<string, unknown>) => t(`designer.layout.${k}`, o);
  const columns = (field.columns ?? []) as Column[];
  if (field.type === 'grid') {
    return (
      <Form.Item label={l('columns')} style={{ marginBottom: 12 }}>
        {columns.map((c, i) => (
          <Space key={i} style={{ display: 'flex', marginBottom: 6 }}>
            <span style={{ whiteSpace: 'nowrap' }}>{l('columnN', { n: i + 1 })}</span>
            <InputNumber
              size="small"
              min={1}
              max={24}
              precision={0}
              value={c.span ?? 12}
              onChange={(v) => v && onField(setSpan(field, i, v))}
              aria-label={l('span', { n: i + 1 })}
              addonAfter="/ 24"
            />
          </Space>
        ))}
        <Space>
          <Step patch={addGridColumn(field)} icon={<PlusOutlined />} label={l('addColumn')} testId="layout-add-column" onField={onField} />
          <Step patch={removeGridColumn(field)} icon={<MinusOutlined />} label={l('removeColumn')} testId="layout-remove-column" onField={onField} />
        </Space>
      </Form.Item>
    );
  }
  if (field.type === 'tabs') {
    return (
      <Form.Item label={l('panes')} style={{ marginBottom: 12 }}>
        {columns.map((c, i) => (
          <Space.Compact key={i} style={{ display: 'flex', marginBottom: 6 }}>
            <Input value={c.label ?? ''} onChange={(e) => onField(setPaneLabel(field, i, e.target.value))} aria-label={l('paneTitle', { n: i + 1 })} />
            <Tooltip title={Object.keys(removePane(field, i)).length ? undefined : l('onlyEmpty')}>
              <Button
                icon={<DeleteOutlined />}
                danger
                disabled={!Object.keys(removePane(field, i)).length}
                onClick={() => onField(removePane(field, i))}
                aria-label={t('designer.remove')}
              />
            </Tooltip>
          </Space.Compact>
        ))}
        <Step
          patch={addPane(field, l('paneN', { n: columns.length + 1 }))}
          icon={<PlusOutlined />}
          label={l('addPane')}
          testId="layout-add-pane"
          onField={onField}
        />
      </Form.Item>
    );
  }
  if (field.type === 'table') {
    const rows = rowsOf(field);
    return (
      <Form.Item label={l('table', { rows: rows.length, columns: Math.max(0, ...rows.map((r) => r.tds.length)) })} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Step patch={growTable(field, 'row')} icon={<PlusOutlined />} label={l('addRow')} testId="layout-add-row" onField={onField} />
          <Step patch={shrinkTable(field, 'row')} icon={<MinusOutlined />} label={l('removeRow')} testId="layout-remove-row" onField={onField} />
          <Step patch={growTable(field, 'column')} icon={<PlusOutlined />} label={l('addColumn')} testId="layout-add-table-column" onField={onField} />
          <Step patch={shrinkTable(field, 'column')} icon={<MinusOutlined />} label={l('removeColumn')} testId="layout-remove-table-column" onField={onField} />
        </Space>
      </Form.Item>
    );
  }
  return null;
}
