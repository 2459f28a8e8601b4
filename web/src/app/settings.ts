/**
 * App settings (docs/product.md, sections 3, 4, 9): persisted locally on change and restored at
 * startup. Choosing the side menu sets a fluid width; the top menu unfixes the sidebar and
 * sets a fixed width; entering mobile mode uncollapses the sidebar and sets a fluid width.
 * The theme part (`UiSettings` of the contract) is also the person's own, saved on the
 * server and restored from the user info on every device (docs/design.md, "Account pages").
 */
import { THEME_COLOURS, type UiSettings } from '@swo/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { call } from './api.ts';

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
  primaryColor: THEME_COLOURS[0],
  colorWeak: false,
  multiTab: true,
};

/** The theme palette (docs/product.md, section 3). */
export const PALETTE: readonly string[] = THEME_COLOURS;

interface SettingsState extends Settings {
  /** Not persisted: derived from the window width. */
  isMobile: boolean;
  update: (patch: Partial<Settings>) => void;
  /** Takes the person's saved theme settings as they are (no coupling rules: they were applied when chosen). */
  restore: (saved: UiSettings) => void;
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
      restore: (saved) => set(saved),
      setMobile: (mobile) => {
        if (mobile === get().isMobile) return;
        set(mobile ? { isMobile: true, sideCollapsed: false, contentWidth: 'Fluid' } : { isMobile: false });
      },
      toggleCollapsed: () => set({ sideCollapsed: !get().sideCollapsed }),
    }),
    {
      name: 'swo-settings',
      partialize: ({ isMobile: _m, update: _u, restore: _r, setMobile: _s, toggleCollapsed: _t, ...rest }) => rest,
    },
  ),
);

/** The theme part of the settings, as the server keeps it; the colour falls back to the default. */
export function uiSettingsOf(s: Settings): UiSettings {
  const primaryColor = THEME_COLOURS.find((c) => c.toLowerCase() === s.primaryColor.toLowerCase()) ?? THEME_COLOURS[0];
  const { theme, layout, contentWidth, fixedHeader, fixSiderbar, colorWeak, multiTab } = s;
  return { theme, layout, contentWidth, fixedHeader, fixSiderbar, primaryColor, colorWeak, multiTab };
}

/** Applies `patch` and saves the person's theme settings on the server; rejects when the save fails. */
export async function changeUiSettings(patch: Partial<Settings>): Promise<void> {
  useSettings.getState().update(patch);
  await call('uiSettingsSave', uiSettingsOf(useSettings.getState()));
}
