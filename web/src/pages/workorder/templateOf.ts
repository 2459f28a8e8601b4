/** A template schema as stored (unknown JSON) in the shape the form renderer takes. */
import type { FormTemplate } from '@swo/contract';

export function asTemplate(schema: unknown): FormTemplate {
  const s = (schema && typeof schema === 'object' ? schema : {}) as Partial<FormTemplate>;
  return { list: Array.isArray(s.list) ? s.list : [], config: s.config };
}
