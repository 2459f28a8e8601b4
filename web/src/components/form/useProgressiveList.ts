/**
 * A long template is drawn in steps (docs/design.md, "Form rendering"): the top-level items
 * holding the first FIRST_FIELDS fields at once, then STEP_FIELDS more per browser task
 * until all are there. A 200-field form thus shows its first screen in well under half the
 * time one commit of every field takes (bench/forms.ts), and the page answers input
 * between steps (each ~50 ms of antd work instead of one long task). `showAll` draws the
 * rest at once, before a check needs every field on the page (marking errors, scrolling
 * to the first).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { templateFields, type FormField } from '@swo/contract';

/** Fields drawn in the first commit: more than a tall phone or desktop screen holds. */
export const FIRST_FIELDS = 40;
/** Fields added per later step. */
export const STEP_FIELDS = 20;

/**
 * How many of `list`'s items to draw for the first commit and each later step: whole
 * items only (a grid or card with its fields), each step at least one item.
 */
export function progressiveCuts(list: FormField[], first = FIRST_FIELDS, step = STEP_FIELDS): number[] {
  const cuts: number[] = [];
  let fields = 0;
  let budget = first;
  for (let i = 0; i < list.length; i++) {
    // A static element (divider, text) counts as one, so long runs of them still step.
    fields += Math.max(1, templateFields({ list: [list[i]] }).length);
    if (fields >= budget) {
      cuts.push(i + 1);
      fields = 0;
      budget = step;
    }
  }
  if (!cuts.length || cuts[cuts.length - 1] !== list.length) cuts.push(list.length);
  return cuts;
}

/** The items of `list` to draw now, and `showAll` (synchronous: the DOM holds every field when it returns). */
export function useProgressiveList(given: FormField[] | undefined): { shown: FormField[]; showAll: () => void } {
  const list = useMemo(() => (Array.isArray(given) ? given : []), [given]);
  const cuts = useMemo(() => progressiveCuts(list), [list]);
  // The step belongs to the cuts it was counted on: a new template starts over.
  const [progress, setProgress] = useState({ cuts, step: 0 });
  const step = progress.cuts === cuts ? progress.step : 0;
  const complete = step >= cuts.length - 1;

  useEffect(() => {
    if (complete) return;
    // A macrotask, so the browser paints and handles input between steps.
    const timer = setTimeout(() => setProgress({ cuts, step: step + 1 }), 0);
    return () => clearTimeout(timer);
  }, [cuts, step, complete]);

  const showAll = useCallback(() => {
    if (!complete) flushSync(() => setProgress({ cuts, step: cuts.length - 1 }));
  }, [complete, cuts]);

  return { shown: complete ? list : list.slice(0, cuts[step]), showAll };
}
