/**
 * The antd theme of the application (docs/design.md, "Form rendering" for why it lives here):
 * the primary colour and dark mode from the settings; in light mode text colours and the
 * primary colour at WCAG AA contrast (4.5:1). Used by the application shell and by the
 * build, which writes antd's style sheets for the default settings ahead of time
 * (web/scripts/antd-styles.tsx).
 */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { readableOnWhite } from './contrast.ts';

export function appTheme(primaryColor: string, dark: boolean): ThemeConfig {
  return {
    token: dark
      ? { colorPrimary: primaryColor, borderRadius: 6 }
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
        },
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
  };
}
