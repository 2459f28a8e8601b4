/**
 * One value-carrying field of a k-form-design template, bound to the form's store at
 * ['form', model], its control drawn by FieldControl. Validation is not antd's: the page
 * runs the contract's validator (the server's rules) and sets the errors on the store.
 *
 * Two frames (docs/design.md, "Form rendering"): antd's Form.Item, for any layout (the
 * designer's canvas draws horizontal and inline forms); and, inside a vertical form that
 * provides `PlainItemFrame` (the requester's form), the same markup and classes drawn
 * here around a `noStyle` Form.Item. antd's frame mounts a grid row, two columns, a label
 * component, an error list with its motion and three style hooks per field: about 1.7 ms
 * of a 200-field form's 4.5 ms per field (bench/forms.ts).
 */
import { createContext, useContext } from 'react';
import { Form } from 'antd';
// antd's own context of "a control inside a form item" (not re-exported by 'antd'): with it
// the controls take their in-form-item look (a select spans the row) as under Form.Item.
import { FormItemInputContext } from 'antd/es/form/context';
import { fieldLabel, type FormField } from '@swo/contract';
import FieldControl from './FieldControl.tsx';

/** What the plain frame needs from the form's theme: antd's hash class and the item's bottom margin (px). */
export interface PlainFrame {
  hashId: string;
  marginBottom: number;
}

/** Set by a vertical form whose fields may use the plain frame; null: antd's Form.Item. */
export const PlainItemFrame = createContext<PlainFrame | null>(null);

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

const inFormItem = { isFormItemInput: true };

const fromColor = (color: { toHexString?: () => string }) => color?.toHexString?.();

export default function TemplateField({ field }: { field: FormField }) {
  const frame = useContext(PlainItemFrame);
  const required = (field.rules ?? []).some((r) => r.required);
  const binding = {
    name: ['form', field.model],
    required,
    valuePropName: field.type === 'switch' ? 'checked' : 'value',
    getValueFromEvent: field.type === 'color' ? fromColor : undefined,
  };
  if (frame)
    return (
      <FormItemInputContext.Provider value={inFormItem}>
        <Form.Item noStyle {...binding}>
          <PlainItem field={field} required={required} frame={frame} />
        </Form.Item>
      </FormItemInputContext.Provider>
    );
  return (
    <Form.Item {...binding} label={fieldLabel(field)} extra={str(field.options?.help)} className={`tpl-field tpl-field-${field.type}`}>
      <FieldControl field={field} />
    </Form.Item>
  );
}

/** Props a Form.Item injects into its child (value, onChange, id, aria-*). */
type Injected = Record<string, unknown>;

/**
 * antd's vertical Form.Item markup (antd 5: ItemHolder, FormItemLabel, FormItemInput,
 * ErrorList) around the control; the errors come from the noStyle Form.Item's status.
 */
function PlainItem({ field, required, frame, ...injected }: { field: FormField; required: boolean; frame: PlainFrame } & Injected) {
  const { status, errors } = Form.Item.useStatus();
  const id = typeof injected.id === 'string' ? injected.id : undefined;
  const label = fieldLabel(field);
  const help = str(field.options?.help);
  const messages = (errors ?? []).filter((e) => e !== null && e !== undefined && e !== '');
  const { hashId, marginBottom } = frame;
  const described = [injected['aria-describedby'], help && id ? `${id}_extra` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={[
        'ant-form-item tpl-field',
        `tpl-field-${field.type}`,
        hashId,
        messages.length ? 'ant-form-item-with-help' : '',
        status === 'error' ? 'ant-form-item-has-error' : '',
        'ant-form-item-vertical',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <div className={`ant-row ant-form-item-row ${hashId}`}>
        <div className={`ant-col ant-form-item-label ${hashId}`}>
          <label htmlFor={id} className={required ? 'ant-form-item-required' : ''} title={typeof label === 'string' ? label : undefined}>
            {label}
          </label>
        </div>
        <div className={`ant-col ant-form-item-control ${hashId}`}>
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">
              <FieldControl field={field} {...injected} aria-describedby={described} />
            </div>
          </div>
          {messages.length || help ? (
            <div className="ant-form-item-additional" style={messages.length ? { minHeight: marginBottom } : undefined}>
              {messages.length ? (
                <div id={id ? `${id}_help` : undefined} className={`ant-form-item-explain ant-form-item-explain-connected ${hashId}`}>
                  {messages.map((m, i) => (
                    <div key={i} className="ant-form-item-explain-error">
                      {m}
                    </div>
                  ))}
                </div>
              ) : null}
              {help ? (
                <div id={id ? `${id}_extra` : undefined} className="ant-form-item-extra">
                  {help}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {messages.length ? <div className="ant-form-item-margin-offset" style={{ marginBottom: -marginBottom }} /> : null}
    </div>
  );
}
