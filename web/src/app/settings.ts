/**
 * App settings (docs/product.md, sections 3, 4, 9): persisted locally on change and restored at
 * startup. Choosing the side menu sets a fluid width; the top menu unfixes the sidebar and
 * sets a fixed width; entering mobile mode uncollapses the sidebar and sets a fluid width.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type NavTheme = 'dark' | 'light' | 'realDark';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fluid' | 'Fixed';

export interface Settings {
  sideCollapsed: boolean;
  theme: NavTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  primaryColor: string;
  colorWeak: boolean;
  multiTab: boolean;
}

/** Defaults of docs/product.md, section 9. */
export const DEFAULT_SETTINGS: Settings = {
  sideCollapsed: false,
  theme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fluid',
  fixedHeader: false,
  fixSiderbar: true,
  autoHideHeader: false,
  primaryColor: '#1890ff',
  colorWeak: false,
  multiTab: true,
};

/** The theme palette (docs/product.md, section 3). */
export const PALETTE = ['#1890ff', '#F5222D', '#FA541C', '#FAAD14', '#00873B', '#52C41A', '#2F54EB', '#722ED1'];

interface SettingsState extends Settings {
  /** Not persisted: derived from the window width. */
  isMobile: boolean;
  update: (patch: Partial<Settings>) => void;
  setMobile: (mobile: boolean) => void;
  toggleCollapsed: () => void;
}

/** Applies the coupling rules between layout, width and sidebar. */
export function applyRules(current: Settings, patch: Partial<Settings>): Settings {
  const next = { ...current, ...patch };
  if (patch.layout === 'sidemenu') next.contentWidth = 'Fluid';
  if (patch.layout === 'topmenu') {
    next.fixSiderbar = false;
    next.contentWidth = 'Fixed';
  }
  return next;
}

export const useSettings = create<SettingsState>()(
  persist(
    (set, get) => ({
      ...DEFAULT_SETTINGS,
      isMobile: false,
      update: (patch) => {
        const s = get();
        set(applyRules(s, patch));
      },
      setMobile: (mobile) => {
        if (mobile === get().isMobile) return;
        set(mobile ? { isMobile: true, sideCollapsed: false, contentWidth: 'Fluid' } : { isMobile: false });
      },
      toggleCollapsed: () => set({ sideCollapsed: !get().sideCollapsed }),
    }),
    {
      name: 'swo-settings',
      partialize: ({ isMobile: _m, update: _u, setMobile: _s, toggleCollapsed: _t, ...rest }) => rest,
    },
  ),
);
