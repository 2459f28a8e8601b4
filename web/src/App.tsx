/**
 * The application shell: antd ConfigProvider (locale following the language, primary
 * colour and dark mode from the settings), antd App (context-bound feedback), the query
 * client and the router.
 */
import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FeedbackBinder } from './app/feedback.tsx';
import { antdLocale } from './app/i18n.ts';
import { queryClient } from './app/queryClient.ts';
import { AppRoutes } from './app/router.tsx';
import { useSettings } from './app/settings.ts';
import { appTheme } from './app/theme.ts';

export default function App() {
  const { i18n } = useTranslation();
  const primaryColor = useSettings((s) => s.primaryColor);
  const navTheme = useSettings((s) => s.theme);
  const colorWeak = useSettings((s) => s.colorWeak);

  useEffect(() => {
    document.documentElement.classList.toggle('color-weak', colorWeak);
  }, [colorWeak]);

  const dark = navTheme === 'realDark';
  const theme = useMemo(() => appTheme(primaryColor, dark), [primaryColor, dark]);
  useEffect(() => {
    document.documentElement.classList.toggle('theme-dark', dark);
  }, [dark]);
  return (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={theme}>
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
