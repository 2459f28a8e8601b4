/**
 * The form designer (`/template/design/:id`, `?library=1` for a common template): palette,
 * canvas and properties; a toolbar with preview, import and export of the JSON, clear,
 * undo/redo (Ctrl+Z / Ctrl+Y) and save. Saving a changed form stores a new version
 * (orders keep theirs); the server refuses duplicate model ids, so the save button says
 * so first. Leaving with unsaved changes asks.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, Drawer, Row, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, ClearOutlined, EyeOutlined, ExportOutlined, ImportOutlined, RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { DndContext, PointerSensor, KeyboardSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormField, FormTemplate } from '@swo/contract';
import { call, callExact } from '../../../app/api.ts';
import { feedback } from '../../../app/feedback.tsx';
import { keys } from '../../../app/queryKeys.ts';
import PhoneFrame from '../PhoneFrame.tsx';
import Canvas, { placeOfDroppable, slotId } from './Canvas.tsx';
import { innermostUnder } from './collision.ts';
import { newField } from './fieldTypes.ts';
import { push, redo, start, undo, type History } from './history.ts';
import JsonDialog from './JsonDialog.tsx';
import Palette, { PALETTE_PREFIX } from './Palette.tsx';
import Properties from './Properties.tsx';
import {
  accepts,
  copyField,
  duplicateModels,
  findField,
  insertAt,
  locate,
  modelTaken,
  moveTo,
  removeField,
  slotsOf,
  updateField,
  type Place,
} from './schemaOps.ts';

type Form = Required<FormTemplate>;

const isTyping = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

export default function TemplateDesigner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const library = useSearchParams()[0].get('library') === '1';
  const kind = library ? 'library' : 'private';
  const detail = useQuery({
    queryKey: keys.templates.detail(kind, id),
    queryFn: () => call('templateDetail', { id, is_private: library ? 0 : 1 }),
    enabled: id > 0,
  });
  const [history, setHistory] = useState<History<Form> | null>(null);
  const [saved, setSaved] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [json, setJson] = useState<'import' | 'export' | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));

  useEffect(() => {
    if (!detail.data || history) return;
    const schema = detail.data.schema as Partial<FormTemplate> | null;
    const form: Form = { list: Array.isArray(schema?.list) ? schema.list : [], config: schema?.config ?? {} };
    setHistory(start(form));
    setSaved(JSON.stringify(form));
  }, [detail.data, history]);

  const form = history?.present ?? null;
  const dirty = !!form && JSON.stringify(form) !== saved;
  const change = useCallback((fn: (f: Form) => Form) => setHistory((h) => (h ? push(h, fn(h.present)) : h)), []);
  const setList = useCallback((fn: (l: FormField[]) => FormField[]) => change((f) => ({ ...f, list: fn(f.list) })), [change]);
  const duplicates = useMemo(() => (form ? duplicateModels(form.list) : []), [form]);

  /** Adds a new field of `type` at `index` of the list at `place`; a place that refuses it says why. */
  const addAt = (type: string, place: Place, index?: number) => {
    if (!form) return;
    const field = newField(type, t(`designer.types.${type}`));
    const container = place.parent === null ? null : (findField(form.list, place.parent) ?? null);
    if (!accepts(container, field)) return void feedback.message.warning(t('designer.notInRow'));
    setList((l) => insertAt(l, place, field, index));
    setSelected(field.key);
  };
  /** A click on the palette: right after the selected field, in its list; else at the end. */
  const add = (type: string) => {
    const at = form && selected ? locate(form.list, selected) : null;
    if (at) addAt(type, at, at.index + 1);
    else addAt(type, { parent: null, slot: 0 });
  };
  const remove = useCallback(
    (key: string) => {
      setList((l) => removeField(l, key));
      setSelected(null);
    },
    [setList],
  );
  const copy = (key: string) => {
    if (!form) return;
    const r = copyField(form.list, key);
    change((f) => ({ ...f, list: r.list }));
    setSelected(r.key);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === 'z' && !isTyping(e.target)) {
        e.preventDefault();
        setHistory((h) => (h ? (e.shiftKey ? redo(h) : undo(h)) : h));
      } else if (mod && e.key.toLowerCase() === 'y' && !isTyping(e.target)) {
        e.preventDefault();
        setHistory((h) => (h ? redo(h) : h));
      } else if ((e.key === 'Delete' || e.key === 'Backspace') && selected && !isTyping(e.target)) {
        e.preventDefault();
        remove(selected);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, remove]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** A drop on a slot (or the canvas) goes to its end; on a field, to that field's position. */
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!form || !over) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (activeId === overId) return;
    const slot = placeOfDroppable(overId);
    const at = slot ? null : locate(form.list, overId);
    const place = slot ?? at;
    if (!place) return;
    if (activeId.startsWith(PALETTE_PREFIX)) return addAt(activeId.slice(PALETTE_PREFIX.length), place, at?.index);
    const moving = findField(form.list, activeId);
    const container = place.parent === null ? null : (findField(form.list, place.parent) ?? null);
    if (moving && !accepts(container, moving)) return void feedback.message.warning(t('designer.notInRow'));
    setList((l) => moveTo(l, activeId, place, at?.index));
  };
  /** Droppables a dragged field must not land in: itself and everything inside it. */
  const inside = (key: string): Set<string> => {
    const field = form ? findField(form.list, key) : undefined;
    const out = new Set<string>([key]);
    if (!field) return out;
    const walk = (f: FormField) => {
      slotsOf(f).forEach((l, slot) => {
        out.add(slotId({ parent: f.key, slot }));
        for (const c of l) {
          out.add(c.key);
          walk(c);
        }
      });
    };
    walk(field);
    return out;
  };

  const save = async () => {
    if (!form) return;
    setSaving(true);
    try {
      const before = detail.data?.version ?? 0;
      const r = await callExact('templateEdit', {
        id,
        is_private: library ? 0 : 1,
        schema: { list: form.list as unknown as Record<string, unknown>[], config: form.config },
      });
      setSaved(JSON.stringify(form));
      void queryClient.invalidateQueries({ queryKey: keys.templates.all });
      void feedback.message.success(r.version > before ? t('designer.savedVersion', { version: r.version }) : t('designer.savedSame'));
    } finally {
      setSaving(false);
    }
  };
  const back = () => {
    const go = () => navigate(library ? '/platform/template' : '/orders/template');
    if (!dirty) return void go();
    feedback.modal.confirm({
      title: t('designer.leaveTitle'),
      content: t('designer.leaveContent'),
      okText: t('designer.leave'),
      cancelText: t('buttons.cancel'),
      okButtonProps: { danger: true },
      onOk: go,
    });
  };

  if (detail.isError) return <Alert type="error" showIcon message={t('designer.loadFailed')} />;
  if (!form || !detail.data) return <Skeleton active />;
  const field = selected ? (findField(form.list, selected) ?? null) : null;
  const layout = (form.config.layout as 'horizontal' | 'vertical' | 'inline' | undefined) ?? 'horizontal';

  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('designer.back')} />
          <span>{detail.data.name}</span>
          <Tag>{t('template.versionN', { version: detail.data.version })}</Tag>
          {dirty ? <Tag color="orange">{t('designer.unsaved')}</Tag> : null}
        </Space>
      }
    >
      <div style={{ marginBottom: 16 }}>
        <Space wrap>
          <Tooltip title="Ctrl+Z">
            <Button icon={<UndoOutlined />} disabled={!history?.past.length} onClick={() => setHistory((h) => h && undo(h))} data-testid="designer-undo">
              {t('designer.undo')}
            </Button>
          </Tooltip>
          <Tooltip title="Ctrl+Y">
            <Button icon={<RedoOutlined />} disabled={!history?.future.length} onClick={() => setHistory((h) => h && redo(h))} data-testid="designer-redo">
              {t('designer.redo')}
            </Button>
          </Tooltip>
          <Button icon={<ClearOutlined />} disabled={!form.list.length} onClick={() => setList(() => [])} data-testid="designer-clear">
            {t('designer.clear')}
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => setJson('import')} data-testid="designer-import">
            {t('designer.importJson')}
          </Button>
          <Button icon={<ExportOutlined />} onClick={() => setJson('export')} data-testid="designer-export">
            {t('designer.exportJson')}
          </Button>
          <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="designer-preview">
            {t('template.preview')}
          </Button>
          <Tooltip title={duplicates.length ? t('designer.duplicateModels', { models: duplicates.join(', ') }) : undefined}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!dirty || duplicates.length > 0}
              onClick={() => void save()}
              data-testid="designer-save"
            >
              {t('designer.save')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      <DndContext sensors={sensors} collisionDetection={innermostUnder(inside)} onDragEnd={onDragEnd}>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={6} xl={5} xxl={4} className="designer-side">
            <Palette onAdd={add} />
          </Col>
          <Col xs={24} lg={18} xl={13} xxl={14}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              {t('designer.canvasHint')}
            </Typography.Text>
            <Canvas list={form.list} layout={layout} selected={selected} onSelect={setSelected} onCopy={copy} onRemove={remove} />
          </Col>
          <Col xs={24} xl={6} className="designer-side designer-side-wide">
            <Properties
              field={field}
              config={form.config}
              modelTaken={(model) => !!field && modelTaken(form.list, model, field.key)}
              onField={(patch) => field && setList((l) => updateField(l, field.key, patch))}
              onConfig={(patch) => change((f) => ({ ...f, config: { ...f.config, ...patch } }))}
            />
          </Col>
        </Row>
      </DndContext>
      <JsonDialog
        mode={json}
        form={form}
        name={detail.data.name}
        onImport={(next) => change(() => ({ list: next.list, config: next.config ?? {} }))}
        onClose={() => setJson(null)}
      />
      <Drawer title={t('template.previewTitle', { name: detail.data.name })} open={previewing} onClose={() => setPreviewing(false)} width={480}>
        <PhoneFrame list={form.list} title={<strong>{detail.data.name}</strong>} tryOut />
      </Drawer>
    </Card>
  );
}
