/**
 * Renders a k-form-design template's list: value fields through TemplateField, layouts
 * (grid, card, tabs, table) around their nested lists, and static elements (divider, text,
 * html as plain text, alert). Hidden fields and buttons are left out.
 */
import { Alert, Card, Col, Divider, Row, Tabs } from 'antd';
import { memo, type CSSProperties } from 'react';
import type { FormField } from '@swo/contract';
import TemplateField from './TemplateField.tsx';

interface TableLayout {
  trs?: { tds?: { colspan?: number; list?: FormField[] }[] }[];
}

function stripTags(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}

function textStyle(o: Record<string, unknown>): CSSProperties {
  const style: CSSProperties = {};
  if (typeof o.textAlign === 'string') style.textAlign = o.textAlign as CSSProperties['textAlign'];
  if (typeof o.fontFamily === 'string') style.fontFamily = o.fontFamily;
  if (typeof o.fontSize === 'string' || typeof o.fontSize === 'number') style.fontSize = o.fontSize;
  if (typeof o.color === 'string') style.color = o.color;
  return style;
}

/**
 * One item; memoised, so the background render of a long form (useProgressiveList) redraws
 * none of the items the first commit drew. Values and errors reach the fields through the
 * form's own store.
 */
const Node = memo(function Node({ field }: { field: FormField }) {
  const o = (field.options ?? {}) as Record<string, unknown>;
  if (o.hidden) return null;
  switch (field.type) {
    case 'grid':
      return (
        <Row gutter={typeof o.gutter === 'number' ? o.gutter : 16}>
          {(field.columns ?? []).map((c, i) => (
            <Col key={i} xs={24} md={typeof c.span === 'number' ? c.span : 24 / Math.max(1, field.columns!.length)}>
              <TemplateNodes list={c.list} />
            </Col>
          ))}
        </Row>
      );
    case 'card':
      return (
        <Card size="small" title={field.label} style={{ marginBottom: 16 }}>
          <TemplateNodes list={field.list} />
        </Card>
      );
    case 'tabs':
      return (
        <Tabs
          style={{ marginBottom: 16 }}
          items={(field.columns ?? []).map((c, i) => ({
            key: String(i),
            label: typeof c.label === 'string' || typeof c.label === 'number' ? String(c.label) : String(i + 1),
            forceRender: true,
            children: <TemplateNodes list={c.list} />,
          }))}
        />
      );
    case 'table': {
      const rows = (field as unknown as TableLayout).trs ?? [];
      return (
        <div style={{ marginBottom: 16 }}>
          {rows.map((tr, i) => (
            <Row gutter={16} key={i}>
              {(tr.tds ?? []).map((td, j) => (
                <Col key={j} xs={24} md={Math.min(24, Math.round((24 / Math.max(1, tr.tds!.length)) * (td.colspan ?? 1)))}>
                  <TemplateNodes list={td.list} />
                </Col>
              ))}
            </Row>
          ))}
        </div>
      );
    }
    case 'divider':
      return (
        <Divider orientation={(o.orientation as 'left' | 'right' | 'center' | undefined) ?? 'left'} plain={false}>
          {field.label}
        </Divider>
      );
    case 'text':
      return (
        <div className="template-text" style={textStyle(o)}>
          {field.label}
        </div>
      );
    case 'html':
      return <div className="template-text">{stripTags(typeof o.defaultValue === 'string' ? o.defaultValue : '')}</div>;
    case 'alert':
      return (
        <Alert
          style={{ marginBottom: 16 }}
          type={(o.type as 'info' | 'success' | 'warning' | 'error' | undefined) ?? 'info'}
          message={field.label}
          description={typeof o.description === 'string' ? o.description : undefined}
          showIcon={!!o.showIcon}
        />
      );
    case 'button':
      return null;
    default:
      return field.model ? <TemplateField field={field} /> : null;
  }
});

export default function TemplateNodes({ list }: { list?: FormField[] }) {
  return (
    <>
      {(list ?? []).map((f, i) => (
        <Node key={f.key || f.model || i} field={f} />
      ))}
    </>
  );
}
