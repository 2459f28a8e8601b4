/**
 * "Column contains text" for keyword filters, written once: the wildcards `%`, `_` and the
 * escape `\` in the text are taken literally on both dialects.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A `like` pattern for "contains `text`" (use with `escape '\'`). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** `column like '%text%'` with the text taken literally; `column` is a reference such as 'd.name'. */
export const contains = (column: string, text: string): RawBuilder<SqlBool> => sql<SqlBool>`${sql.ref(column)} like ${containsPattern(text)} escape '\\'`;
