/**
 * The designer's palette: the field types in two groups (basic, layout). A type is dragged
 * onto the canvas (dnd-kit, id `palette:<type>`) or clicked to add it at the end.
 */
import { Button, Typography } from 'antd';
import { useDraggable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type PaletteGroup } from './fieldTypes.ts';

export const PALETTE_PREFIX = 'palette:';

function Item({ type, onAdd }: { type: string; onAdd: (type: string) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${type}` });
  return (
    <Button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      size="small"
      block
      className="designer-palette-item"
      title={t(`designer.types.${type}`)}
      style={{ opacity: isDragging ? 0.5 : 1, justifyContent: 'flex-start', cursor: 'grab' }}
      onClick={() => onAdd(type)}
      data-testid={`palette-${type}`}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{t(`designer.types.${type}`)}</span>
    </Button>
  );
}

export default function Palette({ onAdd }: { onAdd: (type: string) => void }) {
  const { t } = useTranslation();
  const groups: PaletteGroup[] = ['basic', 'layout'];
  return (
    <div data-testid="designer-palette">
      {groups.map((g) => (
        <div key={g} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t(`designer.groups.${g}`)}
          </Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 6 }}>
            {FIELD_TYPES.filter((f) => f.group === g).map((f) => (
              <Item key={f.type} type={f.type} onAdd={onAdd} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
