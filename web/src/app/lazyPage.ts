/**
 * Lazily loaded pages. A chunk that fails to load, or does not load within 120000 ms
 * (docs/product.md, section 9), is reported as a chunk load error to the nearest error boundary.
 * A page waits for the whole zh-CN message bundle too (i18n.ts `loadMessages`), unless it is
 * one of the login page's, whose messages are in the first load. A route root whose pages
 * run react-query queries (the signed-in layout, the portal and public pages, the /user pages
 * that query) says `queryRoot` and is put inside the provider (queryProvider.tsx, loaded with
 * it); the pages inside the layout share its provider. The login page is not a query root, so
 * react-query is not part of the first load (docs/design.md, "Login page weight").
 *
 * A page can be loaded before it is shown (`preload`): the router starts the signed-in
 * layout and the page it leads to together, once the menus are known, instead of the page
 * only after the layout has rendered; a page whose chunk is in by the time it first renders
 * is rendered at once, without suspending (docs/design.md, "Sign-in to the first page").
 */
import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';
import { loadMessages } from './i18n.ts';

/** Chunk load timeout (docs/product.md, section 9). */
export const CHUNK_TIMEOUT_MS = 120000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('chunk load error');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

export interface LazyPageOptions {
  /** The login page's own: its messages are in the first load. */
  firstScreen?: boolean;
  /** A route root (outside any other query root) whose pages run react-query queries. */
  queryRoot?: boolean;
  /** The page this one leads to most often (a list's detail): loaded once this one is shown and the browser is idle. */
  next?: () => { preload: () => Promise<unknown> };
}

/** A lazily loaded page; `preload` starts loading it (once) without rendering it. */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/** Whether a route element's component is a `lazyPage` (one that can be loaded ahead). */
export function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'function' && typeof (type as Partial<LazyPage>).preload === 'function';
}

/**
 * Runs `load` (a page's `preload`, or any chunk's loader) ahead, ignoring a failure: loading
 * ahead is a guess, and a chunk that failed is loaded again (and its error shown) when the
 * page itself is shown.
 */
export function preloadAhead(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}

export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { firstScreen = false, queryRoot = false, next }: LazyPageOptions = {},
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  // A failed load is forgotten, so a preload that failed (the network, while idle) does not
  // fail the page when it is shown: showing it loads it again.
  const start = () =>
    (loading ??= fetchPage(load, firstScreen, queryRoot).then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  const Lazy = lazy(start);
  // Suspending costs more than the wait for the chunk: React shows the fallback, then holds the
  // page back for its reveal throttle (up to 300 ms). One kind per instance: a page first
  // rendered while loading stays the lazy one (another component type would remount it).
  function Page(props: P) {
    const [Kind] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    useEffect(() => preloadWhenIdle(next), []);
    return createElement(Kind, props);
  }
  return Object.assign(Page, { preload: start });
}

/**
 * Starts loading `next`'s page when the browser is idle (after a second where it cannot
 * say: Safari has no requestIdleCallback); a failure is left for when it is shown (`preloadAhead`). Returns
 * a function that cancels it (the page was left first), or nothing when there is no `next`.
 */
export function preloadWhenIdle(next: LazyPageOptions['next']): (() => void) | undefined {
  if (!next) return undefined;
  const task = () => preloadAhead(next().preload);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}

/** The page's module (inside the query provider for a query root, after the messages unless on the login page), or a ChunkLoadError. */
function fetchPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, firstScreen: boolean, queryRoot: boolean) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_TIMEOUT_MS);
  });
  const withProvider = queryRoot ? Promise.all([load(), import('./queryProvider.tsx')]).then(([m, q]) => ({ default: q.withQueries(m.default) })) : load();
  const page = firstScreen ? withProvider : Promise.all([withProvider, loadMessages()]).then(([m]) => m);
  return Promise.race([page, timeout])
    .catch((e: unknown) => {
      throw e instanceof ChunkLoadError ? e : new ChunkLoadError(e);
    })
    .finally(() => clearTimeout(timer));
}
