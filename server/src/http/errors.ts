/**
 * The one error type of the API and its mapping to the `{code, msg, data}` envelope
 * (docs/design.md, "HTTP contract"). Services throw `AppError`; `toEnvelope` is the only
 * place that turns any thrown value into an HTTP status and a reply body. 5xx bodies stay
 * generic.
 */
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CODE } from '@swo/contract';
import { fieldMessage, type FieldIssue } from './field-messages.ts';
import { message, type Lang, type MessageKey } from './messages.ts';

export class AppError extends Error {
  constructor(
    /** HTTP status. */
    readonly status: number,
    /** Message key, localized when the reply is written. */
    readonly key: MessageKey,
    readonly data: unknown = null,
    /** Envelope code; the status unless the contract says otherwise (101). */
    readonly code: number = status,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export const errors = {
  notSignedIn: () => new AppError(401, 'notSignedIn', null, CODE.notSignedIn),
  forbidden: (key: MessageKey = 'forbidden') => new AppError(403, key),
  /** A reset password must be changed before anything else (docs/design.md, "Staff"). */
  mustChangePassword: () => new AppError(403, 'mustChangePassword'),
  /** An administrator must enrol two-factor sign-in first (docs/design.md, "Two-factor required for administrators"); `data` says so to the SPA. */
  twoFactorEnrolRequired: () => new AppError(403, 'twoFactorEnrolRequired', { two_factor_enrol_required: true }),
  notMember: () => new AppError(403, 'notMember'),
  notFound: (what: MessageKey = 'notFound') => new AppError(404, what),
  conflict: (key: MessageKey = 'stateConflict', params: Record<string, string | number> = {}) => new AppError(409, key, null, 409, params),
  /** `fields` maps a field to its messages (already worded). */
  validation: (fields: Record<string, string[]>) => new AppError(400, 'validation', { errors: fields }),
  badRequest: (key: MessageKey) => new AppError(400, key),
  /** 400 about one field: the message and the field's error both worded from `key` in `lang` (never validator text). */
  field: (lang: Lang, field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    new AppError(400, key, { errors: { [field]: [message(lang, key, params)] } }, 400, params),
  /** 413 for an upload beyond `maxMb` megabytes, also as an error of the `file` field. */
  tooLarge: (lang: Lang, maxMb: number) =>
    new AppError(413, 'uploadTooLarge', { errors: { file: [message(lang, 'uploadTooLarge', { max: maxMb })] } }, 413, { max: maxMb }),
  tooManyLogins: (retryAfterSeconds: number) =>
    new AppError(429, 'tooManyLogins', { retry_after: retryAfterSeconds }, 429, { minutes: Math.ceil(retryAfterSeconds / 60) }),
};

export interface EnvelopeError {
  status: number;
  body: { code: number; msg: string; data: unknown };
}

/** Maps anything thrown in a request to its status and envelope, in `lang`. */
export function toEnvelope(err: unknown, lang: Lang): EnvelopeError {
  if (err instanceof AppError) {
    return { status: err.status, body: { code: err.code, msg: message(lang, err.key, err.params), data: err.data } };
  }
  const e = err as { statusCode?: number; code?: string; validation?: unknown; message?: string };
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string[]> = {};
    for (const v of err.validation) {
      // The type provider spreads the zod issue into `params` and keeps its code and message.
      const issue: FieldIssue = { ...(v.params as FieldIssue), code: v.keyword, message: v.message };
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
      (fields[field] ??= []).push(fieldMessage(lang, issue));
    }
    return { status: 400, body: { code: 400, msg: message(lang, 'validation'), data: { errors: fields } } };
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) {
    return { status: 413, body: { code: 413, msg: message(lang, 'tooLarge'), data: null } };
  }
  if (e.statusCode === 429) {
    return { status: 429, body: { code: 429, msg: message(lang, 'rateLimited'), data: null } };
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, body: { code: e.statusCode, msg: message(lang, 'badRequest'), data: null } };
  }
  return { status: 500, body: { code: 500, msg: message(lang, 'internal'), data: null } };
}
