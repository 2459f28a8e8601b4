/**
 * Multipart bodies as @fastify/multipart attaches them (`attachFieldsToBody`): the fields,
 * and the one `file` read into memory. Each call sets its own size limit; the plugin's,
 * set once at registration, stops a larger file while it is read.
 */
import { AppError, errors } from './errors.ts';
import { message, type Lang } from './messages.ts';

export interface MultipartField {
  value?: unknown;
  toBuffer?: () => Promise<Buffer>;
  filename?: string;
}

/** The fields of a multipart body. */
export const multipartFields = (body: unknown) => (body ?? {}) as Record<string, MultipartField | undefined>;

/**
 * The bytes and name of the `file` field. Throws 400 on `file` when it is missing, and
 * `tooLarge()` when the plugin stopped the file at its size limit.
 */
export async function fileOf(body: unknown, lang: Lang, tooLarge: () => AppError): Promise<{ buf: Buffer; filename: string }> {
  const file = multipartFields(body).file;
  if (!file?.toBuffer) throw errors.validation({ file: [message(lang, 'fieldRequired')] });
  try {
    return { buf: await file.toBuffer(), filename: file.filename ?? '' };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw tooLarge();
  }
}
