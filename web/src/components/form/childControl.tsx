/**
 * A field's control outside a Form.Item (a batch cell, a choice's field): the props
 * Form.Item would inject, and the value out of the event each control reports.
 */
import type { FormField } from '@swo/contract';
import FieldControl from './FieldControl.tsx';

/** The value a control's onChange argument stands for (inputs report events, colours objects). */
export function valueOfChange(field: FormField, e: unknown): unknown {
  if (field.type === 'color') return (e as { toHexString?: () => string } | null)?.toHexString?.() ?? e;
  if (e && typeof e === 'object' && 'target' in e) {
    const t = (e as { target: { value?: unknown; checked?: unknown; type?: string } }).target;
    return t.type === 'checkbox' ? t.checked : t.value;
  }
  return e;
}

export function ChildControl({ field, value, onChange, id }: { field: FormField; value: unknown; onChange: (v: unknown) => void; id: string }) {
  const change = (e: unknown) => onChange(valueOfChange(field, e));
  const props = field.type === 'switch' ? { checked: !!value, onChange: change } : { value, onChange: change };
  return <FieldControl field={field} id={id} aria-label={field.label} {...props} />;
}
