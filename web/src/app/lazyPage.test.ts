import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadWhenIdle } from './lazyPage.ts';

/** A page counting its loads; the login page's kind, so no message bundle is loaded with it. */
function countedPage() {
  const counted = { loads: 0 };
  const Page = lazyPage(
    () => {
      counted.loads++;
      return Promise.resolve({ default: () => createElement('p', null, 'the page') });
    },
    { firstScreen: true },
  );
  return { Page, counted };
}

const rendered = (Page: ReturnType<typeof countedPage>['Page']) => renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(Page)));

describe('lazyPage', () => {
  it('shows a page preloaded before its first render at once, without its loading state', async () => {
    const { Page } = countedPage();
    await Page.preload();
    expect(rendered(Page)).toContain('the page');
  });

  it('shows the loading state while a page that was not preloaded loads', () => {
    const { Page } = countedPage();
    expect(rendered(Page)).toContain('loading');
  });

  it('loads a page once, however often it is preloaded and rendered', async () => {
    const { Page, counted } = countedPage();
    rendered(Page);
    await Promise.all([Page.preload(), Page.preload()]);
    rendered(Page);
    expect(counted.loads).toBe(1);
  });

  it('loads the page a page leads to once the browser is idle, not when that page was left first', async () => {
    vi.useFakeTimers();
    try {
      const shown = countedPage();
      preloadWhenIdle(() => shown.Page);
      expect(shown.counted.loads).toBe(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(shown.counted.loads).toBe(1);
      expect(rendered(shown.Page)).toContain('the page');

      const left = countedPage();
      preloadWhenIdle(() => left.Page)!();
      await vi.advanceTimersByTimeAsync(5000);
      expect(left.counted.loads).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads a page again when it is shown after its preload failed', async () => {
    let loads = 0;
    const page = () => createElement('p', null, 'the page');
    const Page = lazyPage(() => (++loads === 1 ? Promise.reject<{ default: typeof page }>(new Error('offline')) : Promise.resolve({ default: page })), {
      firstScreen: true,
    });
    await expect(Page.preload()).rejects.toThrow('chunk load error');
    await Page.preload();
    expect(rendered(Page)).toContain('the page');
    expect(loads).toBe(2);
  });
});
