/**
 * The application shell: antd ConfigProvider (locale following the language, primary
 * colour and dark mode from the settings), the root that antd's App would draw (its text
 * style) with the context-bound feedback loaded when first used (app/feedback.tsx), the
 * query client and the router.
 */
import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FeedbackSlot } from './app/feedback.tsx';
import { readableOnWhite } from './app/contrast.ts';
import { antdLocale } from './app/i18n.ts';
import { queryClient } from './app/queryClient.ts';
import { AppRoutes } from './app/router.tsx';
import { useSettings } from './app/settings.ts';

/** The text style antd's <App> gives its root (without its feedback holders: see app/feedback.tsx). */
function AppRoot({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div className="ant-app" style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

export default function App() {
  const { i18n } = useTranslation();
  const primaryColor = useSettings((s) => s.primaryColor);
  const navTheme = useSettings((s) => s.theme);
  const colorWeak = useSettings((s) => s.colorWeak);

  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', colorWeak);
  }, [colorWeak]);

  const dark = navTheme === 'realDark';
  useEffect(() => {
    document.documentElement.classList.toggle('theme-dark', dark);
  }, [dark]);
  return (
    <ConfigProvider
      locale={antdLocale(i18n.language)}
      theme={{
        // Light mode: text colours and the primary colour at WCAG AA contrast (4.5:1).
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
      }}
    >
      <AppRoot>
        <FeedbackSlot />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AppRoot>
    </ConfigProvider>
  );
}
