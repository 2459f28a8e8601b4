/**
 * The person's theme settings (docs/design.md, "Account pages"; docs/product.md, sections 3
 * and 9), checked the same way by the SPA and the server.
 */
import { z } from 'zod';
import { THEME_COLOURS } from './constants.ts';

export { THEME_COLOURS } from './constants.ts';

/**
 * The person's theme settings, saved on the server and applied on every device they sign
 * in on: menu theme (`realDark` is dark mode), navigation, content width, fixed header and
 * sidebar, colour, colour-weak and the multi-tab bar.
 */
export const uiSettings = z.object({
  theme: z.enum(['dark', 'light', 'realDark']),
  layout: z.enum(['sidemenu', 'topmenu']),
  contentWidth: z.enum(['Fluid', 'Fixed']),
  fixedHeader: z.boolean(),
  fixSiderbar: z.boolean(),
  primaryColor: z.enum(THEME_COLOURS),
  colorWeak: z.boolean(),
  multiTab: z.boolean(),
});
export type UiSettings = z.infer<typeof uiSettings>;

/** Reads stored theme settings (JSON); null when never saved or no longer valid (an older shape). */
export function readUiSettings(json: string): UiSettings | null {
  if (!json) return null;
  try {
    const r = uiSettings.safeParse(JSON.parse(json));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
