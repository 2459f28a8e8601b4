/**
 * The application shell: antd ConfigProvider (locale following the language, primary
 * colour and dark mode from the settings), antd App (context-bound feedback), the query
 * client and the router.
 */
import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FeedbackBinder } from './app/feedback.tsx';
import { readableOnWhite } from './app/contrast.ts';
import { antdLocale } from './app/i18n.ts';
import { queryClient } from './app/queryClient.ts';
import { AppRoutes } from './app/router.tsx';
import { useSettings } from './app/settings.ts';

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
      <AntApp>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
