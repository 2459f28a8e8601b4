/**
 * selectInputList: choices ticked by checkbox (or one by radio) each with its own fields,
 * filled in only for the ticked ones (k-form-design's selectInputList; docs/design.md
 * section 16). The value holds one entry per choice, in the template's order.
 */
import { Checkbox, Radio } from 'antd';
import { type FormField } from '@swo/contract';
import { ChildControl } from './childControl.tsx';

type Entry = Record<string, unknown>;

export const choiceColumns = (field: FormField) => (Array.isArray(field.columns) ? field.columns : []);

export default function ChoiceListControl({
  field,
  value,
  onChange,
  disabled,
}: {
  field: FormField;
  value?: Entry[];
  onChange?: (v: Entry[]) => void;
  disabled?: boolean;
}) {
  const columns = choiceColumns(field);
  const multiple = !!field.options?.multiple;
  const entries: Entry[] = columns.map((c, i) => ({ checked: false, ...(Array.isArray(value) ? value[i] : undefined), value: c.value, label: c.label }));
  const set = (i: number, patch: Entry) => {
    const next = entries.map((e, j) => (j === i ? { ...e, ...patch } : !multiple && patch.checked ? { ...e, checked: false } : e));
    onChange?.(next);
  };
  const Tick = multiple ? Checkbox : Radio;
  return (
    <div className="choice-list" role={multiple ? 'group' : 'radiogroup'} aria-label={field.label} data-testid={`choices-${field.model}`}>
      {columns.map((c, i) => (
        <div key={String(c.value ?? i)} className="choice-list-row">
          <Tick checked={entries[i].checked === true} disabled={disabled} onChange={(e) => set(i, { checked: e.target.checked })}>
            {String(c.label ?? '')}
          </Tick>
          {(c.list ?? [])
            .filter((f) => f && f.model)
            .map((f) => (
              <div key={f.model} className="choice-list-field">
                <ChildControl
                  field={{ ...f, options: { ...f.options, disabled: disabled || entries[i].checked !== true || f.options?.disabled } }}
                  id={`${field.model}_${i}_${f.model}`}
                  value={entries[i][f.model]}
                  onChange={(v) => set(i, { [f.model]: v })}
                />
              </div>
            ))}
        </div>
      ))}
    </div>
  );
}
