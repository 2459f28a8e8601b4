/**
 * The theme settings drawer (pro-components SettingDrawer), shown only in development
 * (docs/product.md, section 2). It edits the persisted app settings and, like the custom
 * section of the account settings, saves them as the person's own.
 */
import { SettingDrawer } from '@ant-design/pro-components';
import { changeUiSettings, PALETTE, useSettings } from '../app/settings.ts';

export default function SettingsPanel() {
  const s = useSettings();
  return (
    <SettingDrawer
      enableDarkTheme
      hideHintAlert
      disableUrlParams
      colorList={PALETTE.map((color) => ({ key: color, color }))}
      settings={{
        navTheme: s.theme === 'realDark' ? 'realDark' : 'light',
        layout: s.layout === 'topmenu' ? 'top' : 'side',
        contentWidth: s.contentWidth,
        fixedHeader: s.fixedHeader,
        fixSiderbar: s.fixSiderbar,
        colorPrimary: s.primaryColor,
        colorWeak: s.colorWeak,
      }}
      onSettingChange={(next) => {
        void changeUiSettings({
          theme: next.navTheme === 'realDark' ? 'realDark' : s.theme === 'realDark' ? 'dark' : s.theme,
          layout: next.layout === 'top' ? 'topmenu' : 'sidemenu',
          contentWidth: next.contentWidth === 'Fixed' ? 'Fixed' : 'Fluid',
          fixedHeader: !!next.fixedHeader,
          fixSiderbar: !!next.fixSiderbar,
          primaryColor: next.colorPrimary ?? s.primaryColor,
          colorWeak: !!next.colorWeak,
        }).catch(() => undefined);
      }}
    />
  );
}
