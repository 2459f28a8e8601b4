/**
 * Localised wording of the contract's field errors (the server words the same codes in the
 * caller's language from its message catalogue). A template's own rule message wins.
 */
import i18n from 'i18next';
import type { FieldError } from '@swo/contract';

export function fieldMessage(e: FieldError): string {
  if ((e.code === 'required' || e.code === 'pattern') && e.message) return e.message;
  return i18n.t(`form.errors.${e.code}`, { label: e.label, limit: e.limit });
}
