/**
 * The antd theme of the application (docs/design.md, "Form rendering" for why it lives here):
 * the primary colour and dark mode from the settings; in light mode text colours and the
 * primary colour at WCAG AA contrast (4.5:1); no animation when the system asks for reduced
 * motion (antd's `motion` token: its durations become 0 and its transitions are skipped,
 * app/reducedMotion.ts). Used by the application shell and by the
 * build, which writes antd's style sheets for the default settings ahead of time
 * (web/scripts/antd-styles.tsx).
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { readableOnWhite } from './contrast.ts';

export function appTheme(primaryColor: string, dark: boolean, reducedMotion = false): ThemeConfig {
  // Only a `false` is written: the token object is the theme's cache key, and the style sheets
  // written ahead at build time are for the default one.
  const motion = reducedMotion ? { motion: false } : {};
  return {
    token: dark
      ? { colorPrimary: primaryColor, borderRadius: 6, ...motion }
      : {
          colorPrimary: readableOnWhite(primaryColor),
          colorLink: readableOnWhite(primaryColor),
          colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
          colorSuccess: readableOnWhite('#52c41a'),
          colorError: readableOnWhite('#ff4d4f'),
          colorWarning: readableOnWhite('#faad14'),
          borderRadius: 6,
          ...motion,
        },
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
  };
}
