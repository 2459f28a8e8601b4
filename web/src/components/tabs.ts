/**
 * State of the multi-tab bar (docs/product.md, section 2): one tab per visited route, the active
 * tab follows the route; close current/right/left/all (keeping the clicked tab); the last
 * remaining tab cannot be closed. The tabs live in session storage so a reload keeps them.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface PageTab {
  /** The route's pathname. */
  key: string;
  /** Full path (with query) to return to. */
  fullPath: string;
  /** Translation key of the title. */
  title?: string;
  /** A suffix shown after the title (e.g. an order id). */
  suffix?: string;
}

/** What a close operation did: 'none-left'/'none-right' when there was nothing to close. */
export type CloseResult = 'ok' | 'last' | 'none-left' | 'none-right';

interface TabsState {
  tabs: PageTab[];
  open: (tab: PageTab) => void;
  close: (key: string) => CloseResult;
  closeLeft: (key: string) => CloseResult;
  closeRight: (key: string) => CloseResult;
  closeOthers: (key: string) => CloseResult;
  clear: () => void;
}

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [],
      open: (tab) => {
        const tabs = get().tabs;
        const i = tabs.findIndex((t) => t.key === tab.key);
        if (i === -1) set({ tabs: [...tabs, tab] });
        else if (tabs[i].fullPath !== tab.fullPath || tabs[i].title !== tab.title || tabs[i].suffix !== tab.suffix) {
          set({ tabs: tabs.map((t, j) => (j === i ? tab : t)) });
        }
      },
      close: (key) => {
        const tabs = get().tabs;
        if (tabs.length <= 1) return 'last';
        set({ tabs: tabs.filter((t) => t.key !== key) });
        return 'ok';
      },
      closeLeft: (key) => {
        const tabs = get().tabs;
        const i = tabs.findIndex((t) => t.key === key);
        if (i <= 0) return 'none-left';
        set({ tabs: tabs.slice(i) });
        return 'ok';
      },
      closeRight: (key) => {
        const tabs = get().tabs;
        const i = tabs.findIndex((t) => t.key === key);
        if (i === -1 || i === tabs.length - 1) return 'none-right';
        set({ tabs: tabs.slice(0, i + 1) });
        return 'ok';
      },
      closeOthers: (key) => {
        const tabs = get().tabs;
        set({ tabs: tabs.filter((t) => t.key === key) });
        return 'ok';
      },
      clear: () => set({ tabs: [] }),
    }),
    { name: 'multi-tabs', storage: createJSONStorage(() => window.sessionStorage), partialize: (s) => ({ tabs: s.tabs }) },
  ),
);
