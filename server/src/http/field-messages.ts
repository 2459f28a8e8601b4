/**
 * Words a failed field check in the caller's language, from the message catalogue
 * (docs/design.md, "HTTP contract": validation errors). Validator text never reaches a
 * user: an issue is reduced to what a person needs (required, too short, not valid…).
 */
import type { FieldError } from '@swo/contract';
import { isMessageKey, message, type Lang, type MessageKey } from './messages.ts';

/** The parts of a zod issue the wording needs. */
export interface FieldIssue {
  code?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  message?: string;
  input?: unknown;
  expected?: string;
}

/** The message for one issue, in `lang`. */
export function fieldMessage(lang: Lang, issue: FieldIssue): string {
  const min = Number(issue.minimum ?? 0);
  const max = Number(issue.maximum ?? 0);
  switch (issue.code) {
    case 'invalid_type':
      return message(
        lang,
        issue.input === undefined || issue.input === null || /received undefined/.test(issue.message ?? '') ? 'fieldRequired' : 'fieldInvalid',
      );
    case 'too_small':
      if (issue.origin === 'string') return message(lang, min <= 1 ? 'fieldRequired' : 'tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return message(lang, 'tooFew', { min });
      return message(lang, 'tooSmall', { min });
    case 'too_big':
      if (issue.origin === 'string') return message(lang, 'tooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return message(lang, 'tooMany', { max });
      return message(lang, 'tooBig', { max });
    case 'custom':
    case 'invalid_format':
      return issue.message && isMessageKey(issue.message) ? message(lang, issue.message) : message(lang, 'fieldInvalid');
    default:
      return message(lang, 'fieldInvalid');
  }
}

const FORM_KEYS: Record<FieldError['code'], MessageKey> = {
  required: 'formRequired',
  type: 'formType',
  pattern: 'formPattern',
  min: 'formMin',
  max: 'formMax',
  maxLength: 'formMaxLength',
  option: 'formOption',
};

/** The message for a form-template field error, in `lang`; a template's own rule message wins. */
export function formFieldMessage(lang: Lang, e: FieldError): string {
  if (e.message && (e.code === 'required' || e.code === 'pattern')) return e.message;
  return message(lang, FORM_KEYS[e.code], { label: e.label, limit: e.limit ?? '' });
}
