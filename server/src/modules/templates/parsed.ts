/**
 * Parsed form templates (docs/design.md, "Templates"), kept by their JSON text: creates,
 * order reads and exports parse the same few templates again and again (parsing on every
 * public create was ~1 % of its CPU under load). An edited template is a new text, parsed
 * anew; at most MAX_PARSED are kept, the oldest stored going first.
 */
import type { FormTemplate } from '@swo/contract';
import { deepFreeze } from '../../lib/deep-freeze.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';

const MAX_PARSED = 100;
const parsed = new BoundedMap<string, FormTemplate>(MAX_PARSED);

/** The template of JSON `text`, deep-frozen: callers share it. Throws SyntaxError on bad JSON. */
export function parsedTemplate(text: string): FormTemplate {
  let schema = parsed.get(text);
  if (!schema) {
    schema = deepFreeze(JSON.parse(text) as FormTemplate);
    parsed.set(text, schema);
  }
  return schema;
}
