/** Multi-tab rules (docs/product.md, section 2): close current/left/right/all, the last tab stays. */
import { beforeEach, describe, expect, it } from 'vitest';
import { useTabs } from './tabs.ts';

const open = (...keys: string[]) => keys.forEach((key) => useTabs.getState().open({ key, fullPath: key, title: key }));
const keys = () => useTabs.getState().tabs.map((t) => t.key);

describe('multi-tab store', () => {
  beforeEach(() => useTabs.getState().clear());

  it('opens one tab per route and updates it in place', () => {
    open('/a', '/b', '/a');
    expect(keys()).toEqual(['/a', '/b']);
    useTabs.getState().open({ key: '/a', fullPath: '/a?x=1', title: '/a' });
    expect(useTabs.getState().tabs[0].fullPath).toBe('/a?x=1');
  });

  it('never closes the last tab', () => {
    open('/a');
    expect(useTabs.getState().close('/a')).toBe('last');
    expect(keys()).toEqual(['/a']);
  });

  it('closes left and right, or says there is none', () => {
    open('/a', '/b', '/c');
    expect(useTabs.getState().closeLeft('/a')).toBe('none-left');
    expect(useTabs.getState().closeRight('/c')).toBe('none-right');
    expect(useTabs.getState().closeLeft('/b')).toBe('ok');
    expect(keys()).toEqual(['/b', '/c']);
    expect(useTabs.getState().closeRight('/b')).toBe('ok');
    expect(keys()).toEqual(['/b']);
  });

  it('close all keeps the clicked tab', () => {
    open('/a', '/b', '/c');
    useTabs.getState().closeOthers('/b');
    expect(keys()).toEqual(['/b']);
  });
});
