/**
 * What the small edit dialogs of the organisation screens share: the server's field errors
 * of a 400 put on the form's fields (the HTTP client already showed the message), a
 * question before a changed form is thrown away, and a rule checking a value with the
 * contract's own field schema.
 */
import type { FormInstance } from 'antd';
import i18n from 'i18next';
import { feedback } from '../app/feedback.tsx';
import { ApiError } from '../app/request.ts';

/** Puts `error`'s field errors on the fields of `form` it has; true when any was placed. */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors);
  form.setFields(entries.map(([name, errors]) => ({ name, errors })));
  return entries.length > 0;
}

/** The form's values as text, to tell whether the user changed anything since `snapshot`. */
export function snapshot(form: FormInstance): string {
  return JSON.stringify(form.getFieldsValue());
}

/**
 * Resolves true when the form's values equal `initial` (from `snapshot`) or the user agrees
 * to discard the changes. Values, not "touched": focusing a field or typing it back is no change.
 */
export function confirmDiscard(form: FormInstance, initial: string): Promise<boolean> {
  if (snapshot(form) === initial) return Promise.resolve(true);
  return new Promise((resolve) => {
    feedback.modal.confirm({
      title: i18n.t('org.discard.title'),
      content: i18n.t('org.discard.content'),
      okText: i18n.t('org.discard.ok'),
      cancelText: i18n.t('org.discard.cancel'),
      okButtonProps: { danger: true },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * An antd rule that passes what `schema` (a field of the contract, e.g. `accountFields.email`)
 * accepts, so the form checks a value exactly as the server will; empty values pass when
 * `optional`.
 */
export function schemaRule(schema: { safeParse: (v: unknown) => { success: boolean } }, message: string, optional = false) {
  return {
    validator: (_: unknown, v: unknown) =>
      (optional && (v === undefined || v === null || v === '')) || schema.safeParse(v).success ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}
