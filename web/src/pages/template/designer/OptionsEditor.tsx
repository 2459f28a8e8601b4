/** Edits a static list of choices (`options.options` of select, radio, checkbox): value and label rows, added, removed, reordered. */
import { Button, Input, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldOption } from '@swo/contract';

export default function OptionsEditor({ value, onChange }: { value: FieldOption[]; onChange: (next: FieldOption[]) => void }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<FieldOption>) => onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const move = (i: number, by: number) => {
    const next = [...value];
    const [o] = next.splice(i, 1);
    next.splice(i + by, 0, o);
    onChange(next);
  };
  const nextValue = () => String(value.reduce((m, o) => Math.max(m, Number(o.value) || 0), 0) + 1);
  return (
    <div data-testid="options-editor">
      {value.map((o, i) => (
        <Space.Compact key={i} style={{ display: 'flex', marginBottom: 6 }}>
          <Input
            style={{ width: 70 }}
            value={String(o.value)}
            onChange={(e) => set(i, { value: e.target.value })}
            aria-label={t('designer.props.optionValue')}
          />
          <Input value={o.label} onChange={(e) => set(i, { label: e.target.value })} aria-label={t('designer.props.optionLabel')} />
          <Button icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('designer.up')} />
          <Button icon={<ArrowDownOutlined />} disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={t('designer.down')} />
          <Button icon={<DeleteOutlined />} danger onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t('designer.remove')} />
        </Space.Compact>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange([...value, { value: nextValue(), label: t('designer.optionN', { n: value.length + 1 }) }])}
      >
        {t('designer.addOption')}
      </Button>
    </div>
  );
}
