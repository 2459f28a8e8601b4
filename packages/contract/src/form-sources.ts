/**
 * Remote data for choice fields (docs/design.md section 16, "Option sources"): a select,
 * radio, checkbox, treeSelect or cascader marked `dynamic` with a `dynamicKey` naming one of
 * OPTION_SOURCES gets its choices from the company's own data when the form is served. The
 * server fills them in (templateData, order reads, every validation), so the browser never
 * fetches options from a URL a template names, and the validator checks values against the
 * same list. A `dynamicKey` outside the list keeps the original's loose check.
 */
import type { FieldOption, FormField, FormTemplate } from './form-types.ts';

/** The allow-list: enabled departments (a tree), positions, and categories (a tree). */
export const OPTION_SOURCES = ['departments', 'positions', 'categories'] as const;
export type OptionSource = (typeof OPTION_SOURCES)[number];
export type SourceOptions = Partial<Record<OptionSource, FieldOption[]>>;

/** Types whose choices may come from a source; the tree-shaped ones keep the tree. */
export const SOURCE_FIELD_TYPES = new Set(['select', 'radio', 'checkbox', 'treeSelect', 'cascader']);
const TREE_TYPES = new Set(['treeSelect', 'cascader']);

export const isOptionSource = (k: unknown): k is OptionSource => typeof k === 'string' && (OPTION_SOURCES as readonly string[]).includes(k);

/** The source a field takes its choices from, or null (static choices, or a key we do not serve). */
export function sourceOf(f: FormField): OptionSource | null {
  const o = f.options;
  if (!o || o.dynamic !== true || !SOURCE_FIELD_TYPES.has(f.type)) return null;
  return isOptionSource(o.dynamicKey) ? o.dynamicKey : null;
}

/** Calls `fn` on every field object at every depth (layouts, batch children, choice fields). */
function eachField(list: unknown, fn: (f: FormField) => void): void {
  if (!Array.isArray(list)) return;
  for (const f of list as (FormField | null)[]) {
    if (!f || typeof f !== 'object') continue;
    fn(f);
    if (Array.isArray(f.columns)) for (const c of f.columns) eachField(c?.list, fn);
    if (Array.isArray(f.trs)) for (const tr of f.trs) if (Array.isArray(tr?.tds)) for (const td of tr.tds) eachField(td?.list, fn);
    eachField(f.list, fn);
  }
}

/** The sources a template uses, at any depth. */
export function usedSources(template: FormTemplate): Set<OptionSource> {
  const out = new Set<OptionSource>();
  eachField(template.list, (f) => {
    const s = sourceOf(f);
    if (s) out.add(s);
  });
  return out;
}

/** A tree made flat for the one-level types: every node once, labelled with its path ("Head office / IT"). */
export function flattenOptions(options: FieldOption[], prefix = ''): FieldOption[] {
  return options.flatMap((o) => {
    const label = prefix ? `${prefix} / ${o.label}` : o.label;
    return [{ value: o.value, label }, ...flattenOptions(o.children ?? [], label)];
  });
}

/**
 * A copy of `template` whose source fields hold the choices of `data` as static options
 * (`dynamic` off, `dynamicSource` naming where they came from). Never stored: templates
 * keep `dynamic`/`dynamicKey` as the designer wrote them.
 */
export function withSourceOptions(template: FormTemplate, data: SourceOptions): FormTemplate {
  const copy = structuredClone(template);
  eachField(copy.list, (f) => {
    const s = sourceOf(f);
    const options = s ? data[s] : undefined;
    if (!s || !options) return;
    f.options = { ...f.options, options: TREE_TYPES.has(f.type) ? options : flattenOptions(options), dynamic: false, dynamicSource: s };
  });
  return copy;
}
