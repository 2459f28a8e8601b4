/** A template schema as the server sends it, made safe to walk. */
import type { FormTemplate } from '@swo/contract';

export function asTemplate(schema: unknown): FormTemplate {
  const s = (schema && typeof schema === 'object' ? schema : {}) as Partial<FormTemplate>;
  return { list: Array.isArray(s.list) ? s.list : [], config: s.config };
}
