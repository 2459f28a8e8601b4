/**
 * Edits a static list of choices (`options.options`): value and label rows, added, removed,
 * reordered. With `tree` (treeSelect, cascader) each choice can hold choices of its own,
 * edited the same way one level in, up to MAX_DEPTH levels.
 */
import { Button, Input, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldOption } from '@swo/contract';

/** Deepest level a tree of choices offers to add below (a cascader path is walked to its end). */
const MAX_DEPTH = 4;

interface OptionsEditorProps {
  value: FieldOption[];
  onChange: (next: FieldOption[]) => void;
  tree?: boolean;
  depth?: number;
}

export default function OptionsEditor({ value, onChange, tree = false, depth = 0 }: OptionsEditorProps) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<FieldOption>) => onChange(value.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  const move = (i: number, by: number) => {
    const next = [...value];
    const [o] = next.splice(i, 1);
    next.splice(i + by, 0, o);
    onChange(next);
  };
  const nextValue = () => String(value.reduce((m, o) => Math.max(m, Number(o.value) || 0), 0) + 1);
  // A child's value extends its parent's ("1" -> "11", "12"), as the original's defaults do.
  const addChild = (o: FieldOption, i: number) => {
    const n = (o.children?.length ?? 0) + 1;
    set(i, { children: [...(o.children ?? []), { value: `${o.value}${n}`, label: `${o.label}-${n}` }] });
  };
  const withoutEmpty = (children: FieldOption[]) => (children.length ? children : undefined);
  return (
    <div data-testid={depth ? undefined : 'options-editor'}>
      {value.map((o, i) => (
        <div key={i}>
          <Space.Compact style={{ display: 'flex', marginBottom: 6 }}>
            <Input
              style={{ width: 70 }}
              value={String(o.value)}
              onChange={(e) => set(i, { value: e.target.value })}
              aria-label={t('designer.props.optionValue')}
            />
            <Input value={o.label} onChange={(e) => set(i, { label: e.target.value })} aria-label={t('designer.props.optionLabel')} />
            {tree && depth < MAX_DEPTH - 1 ? (
              <Button icon={<SubnodeOutlined />} onClick={() => addChild(o, i)} aria-label={t('designer.addChild')} title={t('designer.addChild')} />
            ) : null}
            <Button icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('designer.up')} />
            <Button icon={<ArrowDownOutlined />} disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={t('designer.down')} />
            <Button icon={<DeleteOutlined />} danger onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={t('designer.remove')} />
          </Space.Compact>
          {tree && o.children?.length ? (
            <div style={{ marginInlineStart: 16 }}>
              <OptionsEditor value={o.children} onChange={(c) => set(i, { children: withoutEmpty(c) })} tree depth={depth + 1} />
            </div>
          ) : null}
        </div>
      ))}
      {depth === 0 ? (
        <Button
          size="small"
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() => onChange([...value, { value: nextValue(), label: t('designer.optionN', { n: value.length + 1 }) }])}
        >
          {t('designer.addOption')}
        </Button>
      ) : null}
    </div>
  );
}
