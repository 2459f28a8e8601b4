/**
 * A long template is drawn in two commits (docs/design.md, "Form rendering"): the top-level
 * items holding the first FIRST_FIELDS fields at once, then the whole list, which React
 * renders in the background (`useDeferredValue`: the work is cut into slices of a few ms,
 * so the page answers input meanwhile) and commits in one go. One background render beats
 * steps of a few fields each: every commit made the browser recompute the styles and the
 * layout of the whole page (bench/forms.ts). `showAll` commits the whole list at once,
 * before a check needs every field on the page (marking errors, scrolling to the first).
 */
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { templateFields, type FormField } from '@swo/contract';

/** Fields drawn in the first commit: more than a tall phone or desktop screen holds. */
export const FIRST_FIELDS = 40;

/**
 * How many of `list`'s items the first commit draws: whole items (a grid or card with its
 * fields) until they hold `first` fields; at least one item.
 */
export function firstCut(list: FormField[], first = FIRST_FIELDS): number {
  let fields = 0;
  for (let i = 0; i < list.length; i++) {
    // A static element (divider, text) counts as one, so a long run of them is cut too.
    fields += Math.max(1, templateFields({ list: [list[i]] }).length);
    if (fields >= first) return i + 1;
  }
  return list.length;
}

/** The items of `list` to draw now, and `showAll` (synchronous: the DOM holds every field when it returns). */
export function useProgressiveList(given: FormField[] | undefined): { shown: FormField[]; showAll: () => void } {
  const list = useMemo(() => (Array.isArray(given) ? given : []), [given]);
  const first = useMemo(() => list.slice(0, firstCut(list)), [list]);
  // On mount `first`, then `list` from a background render; a new list goes straight to the background.
  const deferred = useDeferredValue(list, first);
  const [forced, setForced] = useState<FormField[] | null>(null);
  const showAll = useCallback(() => {
    if (deferred !== list && forced !== list) flushSync(() => setForced(list));
  }, [deferred, forced, list]);
  return { shown: forced === list ? list : deferred, showAll };
}
