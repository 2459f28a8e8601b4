/**
 * The designer's canvas: the form's fields, each drawn as the requester will see it (a cover
 * above it keeps the controls from taking clicks), sortable by dragging, and drop targets
 * for the palette. Containers (grid columns, card, tabs panes, table cells, batch rows,
 * choice lists) are drawn as frames whose slots take drops too, at any depth. The selected
 * field is outlined with copy and delete. Hidden fields are shown, marked hidden. Unknown
 * (custom) types show a placeholder.
 */
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Col, Empty, Form, Row, Space, Tabs, Tag, Tooltip, theme } from 'antd';
import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { fieldLabel, type FormField } from '@swo/contract';
import TemplateNodes from '../../../components/form/TemplateNodes.tsx';
import { fieldType } from './fieldTypes.ts';
import { isContainer, slotsOf, type Place } from './schemaOps.ts';

export const CANVAS_ID = 'canvas';
const SLOT_PREFIX = 'slot:';

/** The droppable id of a container's slot. */
export const slotId = (place: Place) => `${SLOT_PREFIX}${place.slot}:${place.parent ?? ''}`;

/** The place a droppable id names: the canvas (top level), a slot, or null for a field key. */
export function placeOfDroppable(id: string): Place | null {
  if (id === CANVAS_ID) return { parent: null, slot: 0 };
  if (!id.startsWith(SLOT_PREFIX)) return null;
  const rest = id.slice(SLOT_PREFIX.length);
  const colon = rest.indexOf(':');
  return { slot: Number(rest.slice(0, colon)), parent: rest.slice(colon + 1) };
}

interface CanvasActions {
  layout: 'horizontal' | 'vertical' | 'inline';
  selected: string | null;
  onSelect: (key: string) => void;
  onCopy: (key: string) => void;
  onRemove: (key: string) => void;
}

const Actions = createContext<CanvasActions | null>(null);
const useActions = () => useContext(Actions)!;

function Tools({ field }: { field: FormField }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { selected, onCopy, onRemove } = useActions();
  const hidden = !!field.options?.hidden;
  return (
    <Space size={4} style={{ position: 'absolute', top: 2, right: 4, zIndex: 2 }}>
      {hidden ? <Tag>{t('designer.props.hidden')}</Tag> : null}
      {selected === field.key ? (
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
  );
}

/** One slot of a container: a drop target holding a sortable list. */
function Slot({ place, list, label }: { place: Place; list: FormField[]; label?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id: slotId(place) });
  return (
    <div
      ref={setNodeRef}
      data-testid="canvas-slot"
      data-parent={place.parent}
      data-slot={place.slot}
      style={{
        minHeight: 56,
        padding: '4px 4px 20px',
        borderRadius: token.borderRadius,
        border: `1px dashed ${isOver ? token.colorPrimary : token.colorBorder}`,
        background: isOver ? token.colorPrimaryBg : token.colorFillQuaternary,
      }}
    >
      {label ? (
        <div className="designer-slot-label" style={{ color: token.colorTextSecondary }}>
          {label}
        </div>
      ) : null}
      <FieldList list={list} />
      {list.length ? null : (
        <div className="designer-slot-empty" style={{ color: token.colorTextSecondary }}>
          {t('designer.dropHere')}
        </div>
      )}
    </div>
  );
}

/** The slots of a container, laid out as the runtime form lays them out. */
function ContainerBody({ field }: { field: FormField }) {
  const { t } = useTranslation();
  const slots = slotsOf(field);
  const place = (slot: number): Place => ({ parent: field.key, slot });
  const columns = (field.columns ?? []) as { span?: number; label?: unknown }[];
  switch (field.type) {
    case 'grid':
      return (
        <Row gutter={8}>
          {slots.map((l, i) => (
            <Col key={i} span={typeof columns[i]?.span === 'number' ? columns[i].span : 24 / Math.max(1, slots.length)}>
              <Slot place={place(i)} list={l} />
            </Col>
          ))}
        </Row>
      );
    case 'tabs':
      return (
        <Tabs
          size="small"
          items={slots.map((l, i) => ({
            key: String(i),
            label: typeof columns[i]?.label === 'string' ? columns[i].label : String(i + 1),
            forceRender: true,
            children: <Slot place={place(i)} list={l} />,
          }))}
        />
      );
    case 'table': {
      const rows = ((field as { trs?: { tds?: unknown[] }[] }).trs ?? []).map(
        (tr) => (tr.tds ?? []).filter((td) => Array.isArray((td as { list?: unknown }).list)).length,
      );
      let n = 0;
      return (
        <>
          {rows.map((cells, r) => (
            <Row gutter={8} key={r} style={{ marginBottom: 8 }}>
              {Array.from({ length: cells }, () => n++).map((i) => (
                <Col key={i} span={Math.floor(24 / Math.max(1, cells))}>
                  <Slot place={place(i)} list={slots[i]} />
                </Col>
              ))}
            </Row>
          ))}
        </>
      );
    }
    case 'selectInputList':
      return (
        <>
          {slots.map((l, i) => (
            <div key={i} style={{ marginBottom: 8 }}>
              <Slot place={place(i)} list={l} label={typeof columns[i]?.label === 'string' ? columns[i].label : String(i + 1)} />
            </div>
          ))}
        </>
      );
    case 'batch':
      return <Slot place={place(0)} list={slots[0]} label={t('designer.rowFields')} />;
    default:
      return <Slot place={place(0)} list={slots[0] ?? []} />;
  }
}

function Frame({ field, children, container }: { field: FormField; children: ReactNode; container: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { selected, onSelect } = useActions();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: field.key });
  const isSelected = selected === field.key;
  const style: CSSProperties = {
    position: 'relative',
    padding: container ? '28px 8px 8px' : '8px 12px',
    marginBottom: 4,
    border: `1px ${isSelected ? 'solid' : 'dashed'} ${isSelected ? token.colorPrimary : container ? token.colorBorder : 'transparent'}`,
    borderRadius: token.borderRadius,
    background: isSelected ? token.colorPrimaryBg : undefined,
    opacity: isDragging ? 0.4 : 1,
    transform: CSS.Transform.toString(transform),
    transition,
  };
  const label = fieldLabel(field) || t(`designer.types.${field.type}`, { defaultValue: field.type });
  return (
    <div ref={setNodeRef} style={style} data-testid="canvas-item" data-key={field.key} data-type={field.type} className="designer-item">
      {children}
      {/* The cover (the whole field, or a container's title bar): clicks select, drags move. */}
      <div
        {...attributes}
        {...listeners}
        role="button"
        aria-label={t('designer.select', { label })}
        onClick={() => onSelect(field.key)}
        className={container ? 'designer-container-bar' : undefined}
        style={
          container
            ? { position: 'absolute', top: 0, left: 0, right: 0, height: 26, cursor: 'move', color: token.colorTextSecondary }
            : { position: 'absolute', inset: 0, cursor: 'move' }
        }
      >
        {container ? (
          <span>
            <HolderOutlined /> {label}
          </span>
        ) : null}
      </div>
      <Tools field={field} />
    </div>
  );
}

function Item({ field }: { field: FormField }) {
  const { t } = useTranslation();
  const { layout } = useActions();
  if (isContainer(field)) {
    return (
      <Frame field={field} container>
        <ContainerBody field={field} />
      </Frame>
    );
  }
  const known = !!fieldType(field.type) || field.type === 'text';
  const shown = field.options?.hidden ? { ...field, options: { ...field.options, hidden: false } } : field;
  return (
    <Frame field={field} container={false}>
      {known ? (
        <Form layout={layout} component="div">
          <TemplateNodes list={[shown]} />
        </Form>
      ) : (
        <Alert type="warning" showIcon message={t('designer.unknownType', { type: field.type })} />
      )}
    </Frame>
  );
}

function FieldList({ list }: { list: FormField[] }) {
  return (
    <SortableContext items={list.map((f) => f.key)} strategy={verticalListSortingStrategy}>
      {list.map((f) => (
        <Item key={f.key} field={f} />
      ))}
    </SortableContext>
  );
}

export default function Canvas({ list, ...actions }: CanvasActions & { list: FormField[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  return (
    <Actions.Provider value={actions}>
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
        <FieldList list={list} />
        {list.length ? null : <Empty style={{ marginTop: 120 }} description={t('designer.emptyCanvas')} />}
      </div>
    </Actions.Provider>
  );
}
