import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage.ts';

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
});
