/**
 * Lazily loaded pages. A chunk that fails to load, or does not load within 120000 ms
 * (docs/product.md, section 9), is reported as a chunk load error to the nearest error boundary.
 * A page waits for the whole zh-CN message bundle too (i18n.ts `loadMessages`), unless it is
 * one of the login page's, whose messages are in the first load. A route root whose pages
 * run react-query queries (the signed-in layout, the portal and public pages, the /user pages
 * that query) says `queryRoot` and is put inside the provider (queryProvider.tsx, loaded with
 * it); the pages inside the layout share its provider. The login page is not a query root, so
 * react-query is not part of the first load (docs/design.md, "Login page weight").
 */
import { lazy, type ComponentType } from 'react';
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
}

export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { firstScreen = false, queryRoot = false }: LazyPageOptions = {},
) {
  return lazy(() => {
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
  });
}
