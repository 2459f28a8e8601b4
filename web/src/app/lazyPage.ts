/**
 * Lazily loaded pages. A chunk that fails to load, or does not load within 120000 ms
 * (docs/product.md, section 9), is reported as a chunk load error to the nearest error boundary.
 * A page waits for the whole zh-CN message bundle too (i18n.ts `loadMessages`), unless it is
 * one of the login page's, whose messages are in the first load. A page is put inside the
 * react-query provider (queryProvider.tsx, loaded with it) unless it says it runs no
 * queries: the login page and its parts, so that react-query is not part of the first load
 * (docs/design.md, "Login page weight"). A page inside a provider already gets another one
 * of the same client, which changes nothing.
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
  /** False for a page (and everything it draws) that runs no react-query query. */
  queries?: boolean;
}

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, { firstScreen = false, queries = true }: LazyPageOptions = {}) {
  return lazy(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_TIMEOUT_MS);
    });
    const withProvider = queries ? Promise.all([load(), import('./queryProvider.tsx')]).then(([m, q]) => ({ default: q.withQueries(m.default) })) : load();
    const page = firstScreen ? withProvider : Promise.all([withProvider, loadMessages()]).then(([m]) => m);
    return Promise.race([page, timeout])
      .catch((e: unknown) => {
        throw e instanceof ChunkLoadError ? e : new ChunkLoadError(e);
      })
      .finally(() => clearTimeout(timer));
  });
}
