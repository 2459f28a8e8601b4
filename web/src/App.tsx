/**
 * The application shell: antd ConfigProvider (locale following the language, primary
 * colour and dark mode from the settings), antd's animations off when the system asks for
 * reduced motion (app/reducedMotion.ts), the holder of context-bound feedback (loaded when
 * first used, app/feedback.tsx), and the router (pages that run queries bring the query client's provider, lazyPage.ts).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { BrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FeedbackHost } from './app/feedback.tsx';
import { antdLocale } from './app/i18n.ts';
import { AppRoutes } from './app/router.tsx';
import { useSettings } from './app/settings.ts';
import { useReducedMotion } from './app/reducedMotion.ts';
import { appTheme } from './app/theme.ts';

/** The base text of antd's <App> (colour, size, line height, font), without loading <App>. */
function AppText({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}

export default function App() {
  const { i18n } = useTranslation();
  const primaryColor = useSettings((s) => s.primaryColor);
  const navTheme = useSettings((s) => s.theme);
  const colorWeak = useSettings((s) => s.colorWeak);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', colorWeak);
  }, [colorWeak]);

  const dark = navTheme === 'realDark';
  const theme = useMemo(() => appTheme(primaryColor, dark, reducedMotion), [primaryColor, dark, reducedMotion]);
  useEffect(() => {
    document.documentElement.classList.toggle('theme-dark', dark);
  }, [dark]);
  return (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={theme}>
      <FeedbackHost />
      <AppText>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppText>
    </ConfigProvider>
  );
}
