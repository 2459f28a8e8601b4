/**
 * Whether the user asked their system for less motion (CSS `prefers-reduced-motion: reduce`),
 * followed while the page is open. The application shell then turns antd's opening and
 * closing animations off (dialogs zooming, menus sliding, notifications flying in): they
 * appear and go at once (docs/design.md, "Reduced motion").
 */
import { useSyncExternalStore } from 'react';

const query = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

function subscribe(onChange: () => void): () => void {
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while the system asks for reduced motion; false where it cannot be asked. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query?.matches ?? false,
    () => false,
  );
}
