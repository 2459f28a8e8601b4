/**
 * Pure operations of the designer on a form's field tree (k-form-design JSON): find,
 * insert, move, update, copy and remove a field by its key, wherever it is nested (grid
 * and tabs columns, card and batch lists, table cells), and the model-id rules (unique
 * among value fields). Every operation returns a new tree; the input is never changed, so
 * each state can be kept for undo.
 */
import type { FormField } from '@swo/contract';
import { holdsValue, newKey } from './fieldTypes.ts';

type Field = FormField & Record<string, unknown>;

/** The nested lists of a field (columns, cells, list), in display order. */
function childLists(f: Field): FormField[][] {
  const out: FormField[][] = [];
  if (Array.isArray(f.columns)) for (const c of f.columns) if (Array.isArray(c?.list)) out.push(c.list);
  if (Array.isArray(f.trs)) for (const tr of f.trs) for (const td of tr?.tds ?? []) if (Array.isArray(td?.list)) out.push(td.list);
  if (Array.isArray(f.list)) out.push(f.list);
  return out;
}

/** `list` with `fn` applied to every list in the tree (depth first), rebuilt where anything changed. */
function mapLists(list: FormField[], fn: (l: FormField[]) => FormField[]): FormField[] {
  const rebuilt = list.map((f) => {
    const field = f as Field;
    let changed = false;
    const copy: Field = { ...field };
    if (Array.isArray(field.columns)) {
      copy.columns = field.columns.map((c) => {
        const l = mapLists(c.list ?? [], fn);
        if (l !== c.list) changed = true;
        return l === c.list ? c : { ...c, list: l };
      });
    }
    if (Array.isArray(field.trs)) {
      copy.trs = field.trs.map((tr) => ({
        ...tr,
        tds: (tr.tds ?? []).map((td) => {
          const l = mapLists(td.list ?? [], fn);
          if (l !== td.list) changed = true;
          return l === td.list ? td : { ...td, list: l };
        }),
      }));
    }
    if (Array.isArray(field.list)) {
      const l = mapLists(field.list, fn);
      if (l !== field.list) {
        changed = true;
        copy.list = l;
      }
    }
    return changed ? copy : f;
  });
  const same = rebuilt.every((f, i) => f === list[i]);
  return fn(same ? list : rebuilt);
}

/** The field with `key`, anywhere in the tree. */
export function findField(list: FormField[], key: string): FormField | undefined {
  for (const f of list) {
    if (f.key === key) return f;
    for (const l of childLists(f)) {
      const hit = findField(l, key);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Every field of the tree, depth first. */
export function allFields(list: FormField[]): FormField[] {
  return list.flatMap((f) => [f, ...childLists(f as Field).flatMap(allFields)]);
}

/** The tree without the field `key` (and what it holds). */
export function removeField(list: FormField[], key: string): FormField[] {
  return mapLists(list, (l) => (l.some((f) => f.key === key) ? l.filter((f) => f.key !== key) : l));
}

/** The tree with `field` inserted at `index` of the top-level list (clamped). */
export function insertField(list: FormField[], field: FormField, index = list.length): FormField[] {
  const at = Math.max(0, Math.min(index, list.length));
  return [...list.slice(0, at), field, ...list.slice(at)];
}

/** The tree with the field `key` moved to position `to` of the list that holds it. */
export function moveField(list: FormField[], key: string, to: number): FormField[] {
  return mapLists(list, (l) => {
    const from = l.findIndex((f) => f.key === key);
    if (from < 0) return l;
    const next = l.filter((f) => f.key !== key);
    const at = Math.max(0, Math.min(to, next.length));
    return [...next.slice(0, at), l[from], ...next.slice(at)];
  });
}

/** The tree with `patch` merged into the field `key` (`options` merged one level deep). */
export function updateField(list: FormField[], key: string, patch: Partial<FormField>): FormField[] {
  return mapLists(list, (l) =>
    l.some((f) => f.key === key)
      ? l.map((f) => (f.key === key ? { ...f, ...patch, ...(patch.options ? { options: { ...f.options, ...patch.options } } : {}) } : f))
      : l,
  );
}

/** A deep copy of `field` whose keys are new (and model ids, where they were the key, too). */
export function cloneWithNewKeys(field: FormField, now = Date.now()): FormField {
  const copy = structuredClone(field) as Field;
  for (const f of allFields([copy])) {
    const key = newKey(f.type, now);
    if (f.model === f.key || !f.model) f.model = key;
    else f.model = `${f.model}_${key.slice(f.type.length + 1)}`;
    f.key = key;
  }
  return copy;
}

/** The tree with a copy of the field `key` right after it; returns the copy's key too. */
export function copyField(list: FormField[], key: string, now = Date.now()): { list: FormField[]; key: string | null } {
  const original = findField(list, key);
  if (!original) return { list, key: null };
  const copy = cloneWithNewKeys(original, now);
  const next = mapLists(list, (l) => {
    const i = l.findIndex((f) => f.key === key);
    return i < 0 ? l : [...l.slice(0, i + 1), copy, ...l.slice(i + 1)];
  });
  return { list: next, key: copy.key };
}

/** Whether another value field of the tree (not `exceptKey`) already has `model`. */
export function modelTaken(list: FormField[], model: string, exceptKey: string): boolean {
  return allFields(list).some((f) => f.key !== exceptKey && holdsValue(f) && f.model === model);
}

/** Model ids used by more than one value field (what the server refuses to save). */
export function duplicateModels(list: FormField[]): string[] {
  const seen = new Map<string, number>();
  for (const f of allFields(list)) if (holdsValue(f) && f.model) seen.set(f.model, (seen.get(f.model) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([m]) => m);
}

/** A model id as k-form-design accepts it: a letter or underscore, then letters, digits, underscores. */
export const MODEL_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Where a list sits in the tree: the top level (`parent` null) or slot `slot` of the container `parent`. */
export interface Place {
  parent: string | null;
  slot: number;
}

/** Whether fields can be dropped into `field` (a layout container or a batch / choice list). */
export function isContainer(field: FormField): boolean {
  return childLists(field).length > 0 && ['grid', 'card', 'tabs', 'table', 'batch', 'selectInputList'].includes(field.type);
}

/** The slots of a container in display order (the same order as `childLists`). */
export function slotsOf(field: FormField): FormField[][] {
  return childLists(field);
}

/**
 * Whether `field` may go into slot lists of `container` (null: the top level). A batch row
 * and a choice hold plain value fields only (no layout, no nested batch), as the runtime
 * form and the validator read them (docs/design.md section 16, "The designer").
 */
export function accepts(container: FormField | null, field: FormField): boolean {
  if (!container || !['batch', 'selectInputList'].includes(container.type)) return true;
  return holdsValue(field) && !isContainer(field) && !['batch', 'selectInputList', 'editor'].includes(field.type);
}

/** The place and index of the field `key`, or null when it is not in the tree. */
export function locate(list: FormField[], key: string, parent: string | null = null, slot = 0): (Place & { index: number }) | null {
  const index = list.findIndex((f) => f.key === key);
  if (index >= 0) return { parent, slot, index };
  for (const f of list) {
    const lists = childLists(f);
    for (let i = 0; i < lists.length; i += 1) {
      const hit = locate(lists[i], key, f.key, i);
      if (hit) return hit;
    }
  }
  return null;
}

/** `field` with its slot `n` replaced by `fn(slot)`. */
function withSlot(field: Field, n: number, fn: (l: FormField[]) => FormField[]): Field {
  let i = 0;
  const copy: Field = { ...field };
  if (Array.isArray(field.columns)) {
    copy.columns = field.columns.map((c) => (Array.isArray(c?.list) && i++ === n ? { ...c, list: fn(c.list) } : c));
  }
  if (Array.isArray(field.trs)) {
    copy.trs = field.trs.map((tr) => ({
      ...tr,
      tds: (tr.tds ?? []).map((td) => (Array.isArray(td?.list) && i++ === n ? { ...td, list: fn(td.list) } : td)),
    }));
  }
  if (Array.isArray(field.list) && i++ === n) copy.list = fn(field.list);
  return copy;
}

/** The tree with the list at `place` replaced by `fn(list)`. */
function updatePlace(list: FormField[], place: Place, fn: (l: FormField[]) => FormField[]): FormField[] {
  if (place.parent === null) return fn(list);
  return mapLists(list, (l) => (l.some((f) => f.key === place.parent) ? l.map((f) => (f.key === place.parent ? withSlot(f as Field, place.slot, fn) : f)) : l));
}

/** The tree with `field` inserted at `index` (clamped; default: the end) of the list at `place`. */
export function insertAt(list: FormField[], place: Place, field: FormField, index?: number): FormField[] {
  return updatePlace(list, place, (l) => {
    const at = Math.max(0, Math.min(index ?? l.length, l.length));
    return [...l.slice(0, at), field, ...l.slice(at)];
  });
}

/**
 * The tree with the field `key` moved to `index` of the list at `place` (within its own list:
 * the position it ends at). Unchanged when the move would put a container inside itself or
 * the place does not accept the field.
 */
export function moveTo(list: FormField[], key: string, place: Place, index?: number): FormField[] {
  const field = findField(list, key);
  if (!field) return list;
  if (place.parent !== null && (place.parent === key || findField(slotsOf(field).flat(), place.parent))) return list;
  const container = place.parent === null ? null : (findField(list, place.parent) ?? null);
  if (place.parent !== null && !container) return list;
  if (!accepts(container, field)) return list;
  return insertAt(removeField(list, key), place, field, index);
}
