/**
 * The designer's canvas: the form's top-level fields, each drawn as the requester will see
 * it (a cover above it keeps the controls from taking clicks), sortable by dragging, and
 * a drop target for the palette. The selected field is outlined with copy and delete.
 * Hidden fields are shown, marked hidden. Unknown (custom) types show a placeholder.
 */
import type { CSSProperties } from 'react';
import { Alert, Button, Empty, Form, Space, Tag, Tooltip, theme } from 'antd';
import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { FormField } from '@swo/contract';
import TemplateNodes from '../../../components/form/TemplateNodes.tsx';
import { fieldType } from './fieldTypes.ts';

export const CANVAS_ID = 'canvas';

interface CanvasProps {
  list: FormField[];
  layout: 'horizontal' | 'vertical' | 'inline';
  selected: string | null;
  onSelect: (key: string) => void;
  onCopy: (key: string) => void;
  onRemove: (key: string) => void;
}

function Item({ field, layout, selected, onSelect, onCopy, onRemove }: Omit<CanvasProps, 'list' | 'selected'> & { field: FormField; selected: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.key });
  const known = !!fieldType(field.type) || field.type === 'text';
  const hidden = !!field.options?.hidden;
  const style: CSSProperties = {
    position: 'relative',
    padding: '8px 12px',
    marginBottom: 4,
    border: `1px ${selected ? 'solid' : 'dashed'} ${selected ? token.colorPrimary : 'transparent'}`,
    borderRadius: token.borderRadius,
    background: selected ? token.colorPrimaryBg : undefined,
    opacity: isDragging ? 0.4 : 1,
    transform: CSS.Transform.toString(transform),
    transition,
  };
  const shown = hidden ? { ...field, options: { ...field.options, hidden: false } } : field;
  return (
    <div ref={setNodeRef} style={style} data-testid="canvas-item" data-key={field.key} className="designer-item">
      {known ? (
        <Form layout={layout} component="div">
          <TemplateNodes list={[shown]} />
        </Form>
      ) : (
        <Alert type="warning" showIcon message={t('designer.unknownType', { type: field.type })} />
      )}
      {/* The cover: clicks select, drags move; the controls below never take focus. */}
      <div
        {...attributes}
        {...listeners}
        role="button"
        aria-label={t('designer.select', { label: field.label || field.type })}
        onClick={() => onSelect(field.key)}
        style={{ position: 'absolute', inset: 0, cursor: 'move' }}
      />
      <Space size={4} style={{ position: 'absolute', top: 2, right: 4 }}>
        {hidden ? <Tag>{t('designer.props.hidden')}</Tag> : null}
        {selected ? (
          <>
            <HolderOutlined style={{ color: token.colorTextTertiary }} />
            <Tooltip title={t('designer.copy')}>
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                onClick={() => onCopy(field.key)}
                aria-label={t('designer.copy')}
                data-testid="canvas-copy"
              />
            </Tooltip>
            <Tooltip title={t('designer.remove')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => onRemove(field.key)}
                aria-label={t('designer.remove')}
                data-testid="canvas-remove"
              />
            </Tooltip>
          </>
        ) : null}
      </Space>
    </div>
  );
}

export default function Canvas({ list, layout, selected, onSelect, onCopy, onRemove }: CanvasProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  return (
    <div
      ref={setNodeRef}
      data-testid="designer-canvas"
      style={{
        minHeight: 480,
        padding: 12,
        borderRadius: token.borderRadiusLG,
        border: `1px dashed ${isOver ? token.colorPrimary : token.colorBorder}`,
        background: token.colorBgContainer,
      }}
    >
      <SortableContext items={list.map((f) => f.key)} strategy={verticalListSortingStrategy}>
        {list.map((f) => (
          <Item key={f.key} field={f} layout={layout} selected={selected === f.key} onSelect={onSelect} onCopy={onCopy} onRemove={onRemove} />
        ))}
      </SortableContext>
      {list.length ? null : <Empty style={{ marginTop: 120 }} description={t('designer.emptyCanvas')} />}
    </div>
  );
}
